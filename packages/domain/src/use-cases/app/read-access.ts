import { authorizeWorkspace } from '../../access/access-control';
import type { Organization } from '../../organization/organization';
import type { Repositories } from '../../ports/repositories.port';
import type { Permission } from '../../roles/permission';
import { forbidden } from '../../shared/domain-error';
import type { Workspace } from '../../workspace/workspace';
import type { Principal } from '../auth/principal';

/**
 * Reads of apps, by team members with the permission. M2M and workload
 * tokens never read apps (supplement §3); app users' tokens read the four
 * routes an app needs through app-user-launch.ts, and nothing else here.
 */
export async function authorizeTeamRead(
  repos: Repositories,
  caller: Principal,
  workspaceId: string,
  permission: Permission,
  now: Date,
): Promise<{ workspace: Workspace; organization: Organization }> {
  if (caller.kind !== 'team') {
    throw forbidden('caller_kind_not_allowed', `this route does not accept ${caller.kind} tokens`);
  }
  const { workspace, organization } = await authorizeWorkspace(
    repos,
    caller.userId,
    workspaceId,
    permission,
    now,
  );
  return { workspace, organization };
}
