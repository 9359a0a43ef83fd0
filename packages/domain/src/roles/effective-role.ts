import { ORGANIZATION_GRANTS, type Permission, WORKSPACE_GRANTS } from './permission';
import { type Role, rankOf } from './role';

export type WorkspaceRole = Exclude<Role, 'billing_admin'>;

/**
 * What an organization role carries into each of its workspaces: owner acts
 * as owner, admin as admin, writer/member/partner as member, billing_admin
 * carries nothing (supplement §5a).
 */
export const CARRIED_INTO_WORKSPACE: Readonly<Record<Role, WorkspaceRole | null>> = {
  owner: 'owner',
  admin: 'admin',
  billing_admin: null,
  writer: 'member',
  member: 'member',
  partner: 'member',
};

function higher(a: WorkspaceRole | null, b: WorkspaceRole | null): WorkspaceRole | null {
  if (a === null) return b;
  if (b === null) return a;
  return rankOf(a) >= rankOf(b) ? a : b;
}

/**
 * The caller's effective role on a workspace: the higher of their accepted
 * workspace role and what their accepted organization role carries in.
 * Pending memberships are never passed here: they grant nothing.
 */
export function effectiveWorkspaceRole(
  organizationRole: Role | null,
  workspaceRole: WorkspaceRole | null,
): WorkspaceRole | null {
  const carried = organizationRole ? CARRIED_INTO_WORKSPACE[organizationRole] : null;
  return higher(workspaceRole, carried);
}

export function organizationPermits(role: Role | null, permission: Permission): boolean {
  return role !== null && ORGANIZATION_GRANTS[role].includes(permission);
}

/** Workspace permissions are those of the effective role (supplement §5a). */
export function workspacePermits(
  organizationRole: Role | null,
  workspaceRole: WorkspaceRole | null,
  permission: Permission,
): boolean {
  const effective = effectiveWorkspaceRole(organizationRole, workspaceRole);
  return effective !== null && WORKSPACE_GRANTS[effective].includes(permission);
}
