import { authorizeWorkspace } from '../../access/access-control';
import type { Environment } from '../../environment/environment';
import type { Organization } from '../../organization/organization';
import type { Repositories } from '../../ports/repositories.port';
import type { Permission } from '../../roles/permission';
import { forbidden, notFound } from '../../shared/domain-error';
import type { Workspace } from '../../workspace/workspace';
import type { Principal } from '../auth/principal';

/** The secrets routes, as named by the spec's M2M access table. */
export type SecretRoute = 'list' | 'compare' | 'reveal' | 'upsert' | 'delete' | 'promote';

const TEAM_PERMISSION: Readonly<Record<SecretRoute, Permission>> = {
  list: 'read',
  compare: 'read',
  reveal: 'write',
  upsert: 'write',
  delete: 'delete',
  promote: 'write',
};

/** Spec, Secrets, "M2M access": reads with `secrets:read`, every write 403. */
const M2M_MAY_READ: ReadonlySet<SecretRoute> = new Set(['list', 'compare', 'reveal']);

/**
 * Team members need the route's permission on the workspace; an M2M client
 * must belong to the workspace and the table must allow the route.
 */
export async function authorizeSecrets(
  repos: Repositories,
  caller: Principal,
  workspaceId: string,
  route: SecretRoute,
  now: Date,
): Promise<{ workspace: Workspace; organization: Organization }> {
  if (caller.kind === 'team') {
    const { workspace, organization } = await authorizeWorkspace(
      repos,
      caller.userId,
      workspaceId,
      TEAM_PERMISSION[route],
      now,
    );
    return { workspace, organization };
  }
  // Supplement §3: workload tokens reach only flag reads and data collections.
  if (caller.kind !== 'm2m') throw forbidden('caller_kind_not_allowed', 'secrets do not accept this token');
  // Path ids may come in upper case; the token carries the stored (lower-case) id.
  if (caller.workspaceId !== workspaceId.toLowerCase()) {
    throw forbidden('permission_denied', 'an M2M token works only in its own workspace');
  }
  if (!M2M_MAY_READ.has(route)) {
    throw forbidden('m2m_read_only', 'M2M tokens are read-only on secrets');
  }
  if (!caller.scopes.includes('secrets:read')) {
    throw forbidden('missing_scope', "this route needs an M2M token with the 'secrets:read' scope");
  }
  const workspace = await repos.workspaces.findById(workspaceId);
  const organization = workspace ? await repos.organizations.findById(workspace.organizationId) : null;
  if (!workspace || !organization) throw notFound('workspace_not_found', 'no such workspace');
  return { workspace, organization };
}

/** The environment a query names, which must be one of the workspace's (404 otherwise). */
export async function requireEnvironment(
  repos: Repositories,
  workspaceId: string,
  environmentId: string,
): Promise<Environment> {
  const environment = await repos.environments.findById(workspaceId, environmentId);
  if (!environment) throw notFound('environment_not_found', 'no such environment in this workspace');
  return environment;
}
