import { invalid, malformed } from '../shared/domain-error';

/** `account` is the spec's (older) name for an organization scope. */
export type ScopeType = 'account' | 'workspace';
export const SCOPE_TYPES: readonly ScopeType[] = ['account', 'workspace'];

export type Role = 'owner' | 'admin' | 'billing_admin' | 'writer' | 'member' | 'partner';
export const ROLES: readonly Role[] = ['owner', 'admin', 'billing_admin', 'writer', 'member', 'partner'];

/** Roles by scope: `billing_admin` exists only on an organization. */
export const ROLES_BY_SCOPE: Readonly<Record<ScopeType, readonly Role[]>> = {
  account: ROLES,
  workspace: ['owner', 'admin', 'writer', 'member', 'partner'],
};

/** Rank for granting and revoking: owner > admin > billing_admin = writer > member = partner. */
export const RANK: Readonly<Record<Role, number>> = {
  owner: 4,
  admin: 3,
  billing_admin: 2,
  writer: 2,
  member: 1,
  partner: 1,
};

export const rankOf = (role: Role): number => RANK[role];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isScopeType(value: unknown): value is ScopeType {
  return value === 'account' || value === 'workspace';
}

/** A path `scope_type` other than `account` or `workspace` is 400 (spec: Errors, Memberships). */
export function requireScopeType(value: string): ScopeType {
  if (!isScopeType(value)) {
    throw malformed('invalid_scope_type', `scope_type '${value}' is not one of account, workspace`);
  }
  return value;
}

/**
 * A name that is no role on any scope is 422, told from the request alone
 * (PATCH checks this before it knows, or says, which scope a membership is on).
 */
export function requireRoleName(role: string): Role {
  if (!isRole(role)) {
    throw invalid('invalid_role_for_scope', `role '${role}' is not one of ${ROLES.join(', ')}`, [
      { field: 'role', message: `must be one of ${ROLES.join(', ')}` },
    ]);
  }
  return role;
}

/** A role not valid for the scope is 422 (spec: Roles by scope, rule 1). */
export function requireRoleForScope(scopeType: ScopeType, role: string): Role {
  if (!isRole(role) || !ROLES_BY_SCOPE[scopeType].includes(role)) {
    throw invalid(
      'invalid_role_for_scope',
      `role '${role}' is not valid on ${scopeType === 'account' ? 'an' : 'a'} ${scopeType} scope`,
      [{ field: 'role', message: `must be one of ${ROLES_BY_SCOPE[scopeType].join(', ')}` }],
    );
  }
  return role;
}
