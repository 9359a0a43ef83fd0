import { conflict, forbidden, invalid, malformed, notFound } from '../shared/domain-error';

/*
 * The Memberships rows of the spec's Errors table, as stable codes. Statuses
 * come from each error's kind (400 malformed, 403 forbidden, 404 not_found,
 * 409 conflict, 422 invalid).
 */

/** 400: POST members names both `user_id` and `email`. */
export const userIdAndEmail = () => malformed('user_id_and_email', 'send either user_id or email, not both');

/** 400: POST members names neither `user_id` nor `email`. */
export const userIdOrEmailRequired = () => malformed('user_id_or_email_required', 'send user_id or email');

/** 400: `password` is only valid with `email`. */
export const passwordWithUserId = () =>
  malformed('password_with_user_id', 'password is only accepted with email, not with user_id');

/** 404: no membership with this id. */
export const membershipNotFound = () => notFound('membership_not_found', 'no such membership');

/** 404: the invitation is not the caller's, or not pending (spec: accept and reject). */
export const invitationNotFound = () =>
  notFound('invitation_not_found', 'no pending invitation with this id for you');

/** 404: `user_id` names no portal user. */
export const userNotFound = () => notFound('user_not_found', 'no such user');

/** 403: the role to grant ranks above the caller's own on the scope. */
export const roleAboveCeiling = () =>
  forbidden('role_above_ceiling', 'you cannot grant a role ranked above your own on this scope');

/** 403: only an owner grants `owner`. */
export const onlyOwnerGrantsOwner = () =>
  forbidden('only_owner_grants_owner', 'only an owner can grant the owner role');

/** 403: the member's role is equal to or above the caller's (revoke, or the role a PATCH replaces). */
export const roleNotBelowCaller = () =>
  forbidden('role_not_below_caller', "the member's role is equal to or above your own on this scope");

/** 403: an owner cannot demote another owner. */
export const cannotDemoteOwner = () =>
  forbidden('cannot_demote_owner', 'an owner cannot demote another owner');

/** 409: the user already holds a different role on the scope (use PATCH). */
export const membershipRoleConflict = (role: string) =>
  conflict(
    'membership_role_conflict',
    `the user already has the ${role} role on this scope; change it with PATCH /v1/memberships/{id}`,
  );

/** 409: only accepted memberships change role. */
export const membershipNotAccepted = (detail: string) => conflict('membership_not_accepted', detail);

/** 409: accepted concurrently by another request. */
export const membershipAlreadyAccepted = () =>
  conflict('membership_already_accepted', 'this invitation has already been accepted');

/** 409: the change would leave the scope without an accepted owner. */
export const lastOwner = () =>
  conflict('last_owner', 'the last owner of a scope cannot be demoted or removed');

/** 409: a password was given for an email that already has credentials. */
export const userHasCredentials = () =>
  conflict('user_has_credentials', 'this email already has a password; add the user without one');

/** 409: the user is a legacy app-user login, not a platform sign-in user. */
export const notPlatformSignIn = () =>
  conflict('not_platform_sign_in', 'this user does not sign in with a platform password');

/** 422: `expires_at` is not an ISO 8601 instant in the future. */
export const invalidExpiresAt = (why: string) =>
  invalid('invalid_expires_at', `expires_at ${why}`, [{ field: 'expires_at', message: why }]);

/**
 * 409: a password was given for a login that another organization or the
 * operator invited; only the person can choose it, through the link they were
 * sent (docs/security.md, account ownership).
 */
export const accountManagedElsewhere = () =>
  conflict(
    'account_managed_elsewhere',
    'this email already has a login that was invited elsewhere; add the person without a password and they choose it through the emailed link',
  );

/**
 * 403: the account has not proven its mailbox to the organization behind the
 * invitation; the person proves it through the link emailed to them.
 */
export const emailNotVerified = () =>
  forbidden(
    'email_not_verified',
    'confirm your email address first: choose your password through the link emailed to you, then accept',
  );
