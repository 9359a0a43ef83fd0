import { invalid } from '../../shared/domain-error';
import { Limits } from '../../shared/limits';
import type { Deps } from '../deps';
import { authorizeAppUsers } from './app-user-scope';
import { type AppUserView, appUserViews } from './app-user-view';

export interface AppUserPage {
  readonly users: AppUserView[];
  readonly first: number;
  readonly limit: number;
  /** Every app user of the workspace, not only this page's. */
  readonly total: number;
}

const { firstMax, limitDefault, limitMax } = Limits.appUserList;

/** `GET /users` (read): oldest first; `first` skips (default 0), `limit` 1 to 200 (default 100); out of range 422. */
export class ListAppUsers {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    first?: number;
    limit?: number;
  }): Promise<AppUserPage> {
    const first = input.first ?? 0;
    const limit = input.limit ?? limitDefault;
    if (!Number.isInteger(first) || first < 0 || first > firstMax) {
      throw invalid('invalid_page', `first must be 0 to ${firstMax}`, [
        { field: 'first', message: `0 to ${firstMax}` },
      ]);
    }
    if (!Number.isInteger(limit) || limit < 1 || limit > limitMax) {
      throw invalid('invalid_page', `limit must be 1 to ${limitMax}`, [
        { field: 'limit', message: `1 to ${limitMax}` },
      ]);
    }
    const { read } = this.deps.uow;
    const now = this.deps.clock.now();
    const { workspace } = await authorizeAppUsers(read, input.userId, input.workspaceId, 'read', now);
    const [users, total] = await Promise.all([
      read.appUsers.list({ workspaceId: workspace.id, first, limit }),
      read.appUsers.countByWorkspace(workspace.id),
    ]);
    return { users: await appUserViews(read, workspace.id, users, now), first, limit, total };
  }
}
