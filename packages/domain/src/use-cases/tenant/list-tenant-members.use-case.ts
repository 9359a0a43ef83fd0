import { invalid } from '../../shared/domain-error';
import { Limits } from '../../shared/limits';
import { appUserViews } from '../app-user/app-user-view';
import type { Deps } from '../deps';
import type { TenantMemberView } from './tenant-members';
import { authorizeTenants, requireTenant } from './tenant-scope';

export interface TenantMemberPage {
  readonly members: TenantMemberView[];
  readonly first: number;
  readonly limit: number;
  readonly total: number;
}

/** `GET /auth/tenants/{tenant_id}/members` (read): oldest first, paged like the users list. */
export class ListTenantMembers {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    tenantId: string;
    first?: number;
    limit?: number;
  }): Promise<TenantMemberPage> {
    const first = input.first ?? 0;
    const limit = input.limit ?? Limits.appUserList.limitDefault;
    if (!Number.isInteger(first) || first < 0 || first > Limits.appUserList.firstMax)
      throw invalid('invalid_page', `first must be 0 to ${Limits.appUserList.firstMax}`, [
        { field: 'first', message: 'out of range' },
      ]);
    if (!Number.isInteger(limit) || limit < 1 || limit > Limits.tenantMembersListed)
      throw invalid('invalid_page', `limit must be 1 to ${Limits.tenantMembersListed}`, [
        { field: 'limit', message: 'out of range' },
      ]);
    const { read } = this.deps.uow;
    const now = this.deps.clock.now();
    const { workspace } = await authorizeTenants(read, input.userId, input.workspaceId, 'read', now);
    const tenant = await requireTenant(read, workspace.id, input.tenantId);
    const all = await read.tenants.listMembers(workspace.id, tenant.id);
    const page = all.slice(first, first + limit);
    const found = await read.appUsers.findByIds(
      workspace.id,
      page.map((m) => m.userId),
    );
    // One query for the whole page's link expiries, as the users list does.
    const users = new Map(
      (await appUserViews(read, workspace.id, found, now)).map((view) => [view.user.id, view]),
    );
    const members = page.flatMap((m) => {
      const user = users.get(m.userId);
      return user ? [{ tenantId: tenant.id, user, addedAt: m.createdAt }] : [];
    });
    return { members, first, limit, total: all.length };
  }
}
