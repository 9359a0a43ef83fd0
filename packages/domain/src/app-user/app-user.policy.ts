import { invalid } from '../shared/domain-error';
import { Limits } from '../shared/limits';
import { hasLineBreak } from '../shared/text';
import type { AppUser } from './app-user';

/**
 * Spec, Temporary password: for a user still pending, or one who has not
 * yet used a temporary password set before (a password that must still be
 * changed at first sign-in). Refused (409) for a user who chose their own
 * password, or who signs in through single sign-on.
 */
export type TemporaryPasswordEligibility = 'eligible' | 'chose_password' | 'single_sign_on';

export function temporaryPasswordEligibility(
  user: Pick<AppUser, 'passwordHash' | 'passwordChangeRequired' | 'ssoConnectionIds'>,
): TemporaryPasswordEligibility {
  if (user.ssoConnectionIds.length > 0) return 'single_sign_on';
  if (user.passwordHash === null || user.passwordChangeRequired) return 'eligible';
  return 'chose_password';
}

/** PATCH user body: `enabled` and/or `roles` (a full replacement list). */
export interface AppUserPatch {
  readonly enabled?: boolean;
  readonly roles?: readonly string[];
}

/**
 * Spec, Frozen workspace and suspended organization: disabling a user or
 * setting empty roles is allowed while frozen; re-enabling or granting roles
 * is not. A change that only takes access away (disabling, removing some
 * roles) is allowed; one that gives any (enabling a disabled user, a role
 * the user does not hold) is refused.
 */
export function patchGivesAccess(user: Pick<AppUser, 'enabled' | 'roles'>, patch: AppUserPatch): boolean {
  const reEnables = patch.enabled === true && !user.enabled;
  const grants = (patch.roles ?? []).some((role) => !user.roles.includes(role));
  return reEnables || grants;
}

/** A first or last name: trimmed, one line, at most 100 characters; empty is none. */
export function personName(value: string | null | undefined, field: string): string | null {
  if (value === undefined || value === null) return null;
  const name = value.trim();
  if (name.length > Limits.appUserNameMax || hasLineBreak(name)) {
    throw invalid(
      'invalid_name',
      `${field} must be one line of at most ${Limits.appUserNameMax} characters`,
      [{ field, message: `one line of at most ${Limits.appUserNameMax} characters` }],
    );
  }
  return name === '' ? null : name;
}

/**
 * Gives the user a password (what the credentials port answered for it)
 * that counts as the user setting one (spec, App user: redeem, add, a
 * temporary password used), so `invite_pending` ends. `temporary`: it must
 * be changed at the next sign-in (the required action behind
 * `password_change_required`), and `temporary_password_set_at` says when;
 * add sets such a password and still ends `invite_pending` at once.
 */
export function setAppUserPassword(
  user: AppUser,
  credential: string,
  options: { readonly temporary: boolean; readonly now: Date },
): void {
  storePassword(user, credential, options);
  user.invitePending = false;
}

/**
 * `POST /users/{id}/temporary-password`: a temporary password handed to the
 * user, who has not used it yet. `invite_pending` stays as it was: true for
 * a still-pending user until the sign-in that replaces this password (spec,
 * States and transitions: "temporary password used", not "set").
 */
export function handOverTemporaryPassword(user: AppUser, credential: string, now: Date): void {
  storePassword(user, credential, { temporary: true, now });
}

function storePassword(
  user: AppUser,
  credential: string,
  options: { readonly temporary: boolean; readonly now: Date },
): void {
  user.passwordHash = credential;
  user.passwordChangeRequired = options.temporary;
  if (options.temporary) user.temporaryPasswordSetAt = options.now;
  user.updatedAt = options.now;
}
