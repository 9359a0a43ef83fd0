import type { Membership } from '../membership/membership';
import { grantsAccess } from '../membership/membership';
import type { Organization } from '../organization/organization';
import type { Repositories } from '../ports/repositories.port';
import {
  effectiveWorkspaceRole,
  organizationPermits,
  type WorkspaceRole,
  workspacePermits,
} from '../roles/effective-role';
import type { Permission } from '../roles/permission';
import type { Role } from '../roles/role';
import { forbidden, notFound } from '../shared/domain-error';
import { requireNotFrozen, type Workspace } from '../workspace/workspace';

/** A signed-in team member's accepted, unexpired roles inside one organization. */
export class OrganizationAccess {
  constructor(
    readonly organizationRole: Role | null,
    private readonly workspaceRoles: ReadonlyMap<string, WorkspaceRole>,
  ) {}

  static from(memberships: readonly Membership[], organizationId: string, now: Date): OrganizationAccess {
    let organizationRole: Role | null = null;
    const workspaceRoles = new Map<string, WorkspaceRole>();
    for (const m of memberships) {
      if (!grantsAccess(m, now)) continue;
      if (m.scopeType === 'account' && m.scopeId === organizationId) organizationRole = m.role;
      if (m.scopeType === 'workspace' && m.role !== 'billing_admin') workspaceRoles.set(m.scopeId, m.role);
    }
    return new OrganizationAccess(organizationRole, workspaceRoles);
  }

  /** True when the caller holds any accepted role in the organization or one of its workspaces. */
  get isInsider(): boolean {
    return this.organizationRole !== null || this.workspaceRoles.size > 0;
  }

  onOrganization(permission: Permission): boolean {
    return organizationPermits(this.organizationRole, permission);
  }

  workspaceRole(workspaceId: string): WorkspaceRole | null {
    return this.workspaceRoles.get(workspaceId) ?? null;
  }

  effectiveRole(workspaceId: string): WorkspaceRole | null {
    return effectiveWorkspaceRole(this.organizationRole, this.workspaceRole(workspaceId));
  }

  onWorkspace(workspaceId: string, permission: Permission): boolean {
    return workspacePermits(this.organizationRole, this.workspaceRole(workspaceId), permission);
  }
}

const denied = (permission: Permission, scope: string) =>
  forbidden('permission_denied', `this action needs the '${permission}' permission on the ${scope}`);

/**
 * Loads an organization and the caller's roles in it; 404 when it does not
 * exist, 403 when it exists and the caller lacks the permission.
 */
export async function authorizeOrganization(
  repos: Repositories,
  userId: string,
  organizationId: string,
  permission: Permission,
  now: Date,
): Promise<{ organization: Organization; access: OrganizationAccess }> {
  const [organization, memberships] = await Promise.all([
    repos.organizations.findById(organizationId),
    repos.memberships.listForUserInOrganization(userId, organizationId),
  ]);
  if (!organization) throw notFound('organization_not_found', 'no such organization');
  const access = OrganizationAccess.from(memberships, organizationId, now);
  if (!access.onOrganization(permission)) throw denied(permission, 'organization');
  return { organization, access };
}

/** As authorizeOrganization, for a workspace and the caller's effective role on it. */
export async function authorizeWorkspace(
  repos: Repositories,
  userId: string,
  workspaceId: string,
  permission: Permission,
  now: Date,
): Promise<{ workspace: Workspace; organization: Organization; access: OrganizationAccess }> {
  // One read: this runs on every workspace route.
  const found = await repos.workspaces.findForAccess(workspaceId, userId);
  if (!found) throw notFound('workspace_not_found', 'no such workspace');
  const { workspace, organization, memberships } = found;
  const access = OrganizationAccess.from(memberships, organization.id, now);
  if (!access.onWorkspace(workspaceId, permission)) throw denied(permission, 'workspace');
  return { workspace, organization, access };
}

/**
 * As authorizeWorkspace, for a change: also refused on a frozen workspace or
 * in a suspended organization (403 `workspace_frozen` / `organization_suspended`).
 * Revocations, which stay allowed while frozen, use authorizeWorkspace.
 */
export async function authorizeWorkspaceChange(
  repos: Repositories,
  userId: string,
  workspaceId: string,
  permission: Permission,
  now: Date,
): Promise<{ workspace: Workspace; organization: Organization; access: OrganizationAccess }> {
  const authorized = await authorizeWorkspace(repos, userId, workspaceId, permission, now);
  requireNotFrozen(authorized.organization, authorized.workspace);
  return authorized;
}
