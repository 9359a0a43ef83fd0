import type { Deps } from '../deps';
import { authorizeAppUsers, requireAppUser } from './app-user-scope';
import { type AppUserView, appUserView } from './app-user-view';

/** `GET /users/{user_id}` (read). */
export class GetAppUser {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { userId: string; workspaceId: string; appUserId: string }): Promise<AppUserView> {
    const { read } = this.deps.uow;
    const now = this.deps.clock.now();
    const { workspace } = await authorizeAppUsers(read, input.userId, input.workspaceId, 'read', now);
    return appUserView(read, await requireAppUser(read, workspace.id, input.appUserId), now);
  }
}
