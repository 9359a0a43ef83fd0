import type { Membership } from '../membership/membership';
import type { Organization } from '../organization/organization';
import type { Repositories } from '../ports/repositories.port';
import type { Permission } from '../roles/permission';
import type { Role, ScopeType } from '../roles/role';
import { requireNotFrozen, type Workspace } from '../workspace/workspace';
import { authorizeOrganization, authorizeWorkspace } from './access-control';

/** A membership scope (organization or workspace) with the organization it belongs to. */
export interface Scope {
  readonly type: ScopeType;
  readonly id: string;
  readonly name: string;
  readonly organization: Organization;
  /** Null on an organization scope. */
  readonly workspace: Workspace | null;
}

export interface ScopeAccess extends Scope {
  /** The caller's effective role on the scope (supplement §5a); null when they hold nothing there. */
  readonly callerRole: Role | null;
}

/**
 * As authorizeOrganization / authorizeWorkspace, for a scope named by type
 * and id: 404 when it does not exist, 403 without the permission.
 */
export async function authorizeScope(
  repos: Repositories,
  userId: string,
  type: ScopeType,
  id: string,
  permission: Permission,
  now: Date,
): Promise<ScopeAccess> {
  if (type === 'account') {
    const { organization, access } = await authorizeOrganization(repos, userId, id, permission, now);
    const callerRole = access.organizationRole;
    return { type, id, name: organization.name, organization, workspace: null, callerRole };
  }
  const { workspace, organization, access } = await authorizeWorkspace(repos, userId, id, permission, now);
  const callerRole = access.effectiveRole(workspace.id);
  return { type, id, name: workspace.name, organization, workspace, callerRole };
}

/** authorizeScope on the scope a membership belongs to. */
export function authorizeScopeOf(
  repos: Repositories,
  userId: string,
  membership: Pick<Membership, 'scopeType' | 'scopeId'>,
  permission: Permission,
  now: Date,
): Promise<ScopeAccess> {
  return authorizeScope(repos, userId, membership.scopeType, membership.scopeId, permission, now);
}

/** The scope without any permission check (the invitee's own routes); null when it is gone. */
export async function findScope(repos: Repositories, type: ScopeType, id: string): Promise<Scope | null> {
  if (type === 'account') {
    const organization = await repos.organizations.findById(id);
    return organization ? { type, id, name: organization.name, organization, workspace: null } : null;
  }
  const workspace = await repos.workspaces.findById(id);
  const organization = workspace ? await repos.organizations.findById(workspace.organizationId) : null;
  if (!workspace || !organization) return null;
  return { type, id, name: workspace.name, organization, workspace };
}

/** 403 `workspace_frozen` / `organization_suspended` for a change on the scope. */
export function requireScopeNotFrozen(scope: Scope): void {
  requireNotFrozen(scope.organization, scope.workspace ?? undefined);
}

/** Where an audit event about the scope belongs. */
export const auditPlace = (scope: Scope) => ({
  organizationId: scope.organization.id,
  workspaceId: scope.workspace?.id ?? null,
});
