import { conflict, gone, invalid, notFound, rateLimited, unavailable } from '../shared/domain-error';

/* App user errors (spec: Errors, Sign-in rows; App users rules). */

/** 404: the workspace has no app user with this id. */
export const appUserNotFound = () => notFound('app_user_not_found', 'the workspace has no such app user');

/** 409: invite, add, resend, temporary password or invite link for someone who can already sign in. */
export const appUserAlreadySignsIn = () =>
  conflict(
    'app_user_can_sign_in',
    'this person can already sign in (a password, another credential or a single sign-on link)',
  );

/** 409: an invite link (or resend, or reset) for a disabled user; enable them first. */
export const appUserDisabled = () =>
  conflict('app_user_disabled', 'the app user is disabled; enable them first');

/** 409: a temporary password for a user who chose a password or signs in through single sign-on. */
export const temporaryPasswordNotAllowed = (why: 'chose_password' | 'single_sign_on') =>
  conflict(
    'temporary_password_not_allowed',
    why === 'single_sign_on'
      ? 'the user signs in through single sign-on'
      : 'the user chose their own password; send a password reset instead',
  );

/** 422: role names that are neither built-in nor custom app roles of the workspace, each named. */
export const unknownAppRoles = (names: readonly string[], field = 'roles') =>
  invalid(
    'unknown_app_role',
    `not app roles of this workspace: ${names.join(', ')}`,
    names.map((name) => ({ field, message: `unknown app role '${name}'` })),
  );

/** 422: add needs exactly one of `password` and `generate_password: true`. */
export const passwordOptionRequired = () =>
  invalid('password_option_required', 'send exactly one of password and generate_password: true', [
    { field: 'password', message: 'send exactly one of password and generate_password: true' },
  ]);

/** 422: `temporary_password: false` with a generated password, which is always temporary. */
export const generatedPasswordIsTemporary = () =>
  invalid('generated_password_is_temporary', 'a generated password is always temporary', [
    { field: 'temporary_password', message: 'must be true (or left out) with generate_password' },
  ]);

/** 422: `app_id` names an app that is archived or not a `shell_federated` or `standalone` app. */
export const invalidSignInApp = () =>
  invalid(
    'invalid_sign_in_app',
    'app_id must name an active shell_federated or standalone app of the workspace',
    [{ field: 'app_id', message: 'must be an active shell_federated or standalone app' }],
  );

/** 429: an invitation email went out less than a minute ago. */
export const inviteResendTooSoon = (retryAfterSeconds: number) =>
  rateLimited(
    'invite_resend_too_soon',
    'an invitation email was sent less than 1 minute ago; at most one a minute',
    retryAfterSeconds,
  );

/** 429: five resends already in the 24 hours that began with the first. */
export const inviteResendLimit = (retryAfterSeconds: number) =>
  rateLimited(
    'invite_resend_limit',
    'at most 5 invitation resends in 24 hours, counted from the first resend',
    retryAfterSeconds,
  );

/** 429: ten one-time invite links for this user in the last hour. */
export const inviteLinkLimit = (retryAfterSeconds: number) =>
  rateLimited('invite_link_limit', 'at most 10 invite links per user per hour', retryAfterSeconds);

/** 410: any link that cannot be used: unknown, expired, used, cancelled, or its user or workspace cannot take it. */
export const inviteLinkUnusable = () =>
  gone('link_unusable', 'this link is unknown, expired, used or cancelled');

/** 429: five failed redeems of one link in 10 minutes. */
export const redeemAttemptsExceeded = (retryAfterSeconds: number) =>
  rateLimited(
    'too_many_redeem_attempts',
    'more than 5 failed attempts with this link in 10 minutes',
    retryAfterSeconds,
  );

/** 429: the public invite routes answer 10 requests a minute per client address. */
export const publicInviteRateLimited = (retryAfterSeconds: number) =>
  rateLimited(
    'public_rate_limited',
    'at most 10 invite-link requests per minute from one address',
    retryAfterSeconds,
  );

/**
 * 504 (a spec exception to the `unavailable` kind, listed in the HTTP
 * adapter's STATUS_BY_CODE): setting the password did not finish in time;
 * it may or may not be set (spec: retry with temporary-password).
 */
export const passwordSaveTimedOut = () =>
  unavailable('password_save_timeout', 'setting the password timed out; it may or may not be set: retry');

/** 502: the password could not be saved; nothing changed (a link stays usable). */
export const passwordNotSaved = () =>
  unavailable('password_not_saved', 'the password could not be saved; retry');
