import { ORGANIZATION_GRANTS, WORKSPACE_GRANTS } from '../roles/permission';
import { type Role, rankOf, type ScopeType } from '../roles/role';
import { type DomainError, forbidden } from '../shared/domain-error';
import { grantsAccess, type Membership } from './membership';
import {
  cannotDemoteOwner,
  lastOwner,
  onlyOwnerGrantsOwner,
  roleAboveCeiling,
  roleNotBelowCaller,
} from './membership.errors';

/*
 * Who may grant and revoke which role (spec: "Rules for POST members" 8 and
 * "Role rules for PATCH and DELETE" 1 to 4), as pure functions over the rank
 * order owner > admin > billing_admin = writer > member = partner. `caller`
 * is the caller's effective role on the scope (supplement §5a): on a
 * workspace, the higher of their workspace role and what their organization
 * role carries in; null when they hold nothing there.
 */

export type RoleRuleViolation =
  | 'missing_manage_members'
  | 'only_owner_grants_owner'
  | 'role_above_ceiling'
  | 'role_not_below_caller'
  | 'cannot_demote_owner';

export function managesMembers(scopeType: ScopeType, caller: Role | null): boolean {
  if (caller === null) return false;
  if (scopeType === 'account') return ORGANIZATION_GRANTS[caller].includes('manage_members');
  return caller !== 'billing_admin' && WORKSPACE_GRANTS[caller].includes('manage_members');
}

/** Granting `role` to someone who does not hold it yet (POST members; the new role of a PATCH). */
export function grantViolation(
  scopeType: ScopeType,
  caller: Role | null,
  role: Role,
): RoleRuleViolation | null {
  if (caller === null || !managesMembers(scopeType, caller)) return 'missing_manage_members';
  if (role === 'owner' && caller !== 'owner') return 'only_owner_grants_owner';
  if (rankOf(role) > rankOf(caller)) return 'role_above_ceiling';
  return null;
}

/**
 * Taking `current` away by PATCH. Only roles strictly below the caller's
 * (so an admin revokes only below admin), except that an owner may demote
 * themselves; an owner never demotes another owner.
 */
function demotionViolation(caller: Role, current: Role, ownMembership: boolean): RoleRuleViolation | null {
  if (rankOf(current) < rankOf(caller)) return null;
  if (current === 'owner' && caller === 'owner') return ownMembership ? null : 'cannot_demote_owner';
  return 'role_not_below_caller';
}

/** PATCH: the caller must be allowed both to grant the new role and to revoke the current one. */
export function roleChangeViolation(
  scopeType: ScopeType,
  caller: Role | null,
  change: { readonly current: Role; readonly next: Role; readonly ownMembership: boolean },
): RoleRuleViolation | null {
  const grant = grantViolation(scopeType, caller, change.next);
  if (grant !== null || caller === null) return grant ?? 'missing_manage_members';
  return demotionViolation(caller, change.current, change.ownMembership);
}

/** DELETE: only a role ranked strictly below the caller's own, oneself included. */
export function removalViolation(
  scopeType: ScopeType,
  caller: Role | null,
  target: Role,
): RoleRuleViolation | null {
  if (caller === null || !managesMembers(scopeType, caller)) return 'missing_manage_members';
  return rankOf(target) < rankOf(caller) ? null : 'role_not_below_caller';
}

const ERRORS: Readonly<Record<RoleRuleViolation, () => DomainError>> = {
  missing_manage_members: () =>
    forbidden('permission_denied', "this action needs the 'manage_members' permission on the scope"),
  only_owner_grants_owner: onlyOwnerGrantsOwner,
  role_above_ceiling: roleAboveCeiling,
  role_not_below_caller: roleNotBelowCaller,
  cannot_demote_owner: cannotDemoteOwner,
};

/** Throws the violation's 403, if there is one. */
export function refuseViolation(violation: RoleRuleViolation | null): void {
  if (violation !== null) throw ERRORS[violation]();
}

/**
 * Whether demoting or removing `target` would leave its scope without an
 * accepted, unexpired owner. `owners` are the scope's owner memberships,
 * read under lock so that two concurrent changes cannot both pass.
 */
export function isLastOwner(target: Membership, owners: readonly Membership[], now: Date): boolean {
  if (target.role !== 'owner' || !grantsAccess(target, now)) return false;
  return !owners.some((o) => o.id !== target.id && o.role === 'owner' && grantsAccess(o, now));
}

/** 409 `last_owner` when the change would leave the scope without an owner. */
export function refuseLastOwner(target: Membership, owners: readonly Membership[], now: Date): void {
  if (isLastOwner(target, owners, now)) throw lastOwner();
}
