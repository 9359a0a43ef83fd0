import { type Role, requireRoleForScope, type ScopeType } from '../roles/role';
import { invalid } from '../shared/domain-error';
import { requireEmail, requirePasswordPolicy } from '../shared/text';
import { isUuid } from '../shared/uuid';
import {
  invalidExpiresAt,
  passwordWithUserId,
  userIdAndEmail,
  userIdOrEmailRequired,
} from './membership.errors';

/** The POST members body as received (fields the client left out are undefined or null). */
export interface AddMemberInput {
  readonly userId?: string | null;
  readonly email?: string | null;
  readonly password?: string | null;
  readonly temporaryPassword?: boolean | null;
  readonly sendEmail?: boolean | null;
  readonly role?: string | null;
  readonly expiresAt?: string | null;
}

/** Who is being added: an existing user by id, or an email (with or without a password). */
export type MemberReference =
  | { readonly kind: 'user_id'; readonly userId: string }
  | { readonly kind: 'email'; readonly email: string; readonly password: null }
  | {
      readonly kind: 'email_password';
      readonly email: string;
      readonly password: string;
      /** Require a change at first sign-in; default true. */
      readonly temporaryPassword: boolean;
      /** Send the invitation-detail email (never the password); default true. */
      readonly sendEmail: boolean;
    };

export interface AddMemberRequest {
  readonly member: MemberReference;
  readonly role: Role;
  readonly expiresAt: Date | null;
}

const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

const fieldInvalid = (field: string, message: string) =>
  invalid('validation_failed', `${field}: ${message}`, [{ field, message }]);

// ISO 8601: a date, or a date and time with seconds optional, fractions optional, and a zone (Z or ±hh:mm).
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/;

/**
 * Whether the calendar day written at the start of an ISO 8601 text exists.
 * `Date` rolls an impossible day over (February 30 becomes March 2), so it
 * is checked as written.
 */
function dayExists(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}

/** `expires_at`: an ISO 8601 instant after `now`. */
export function requireExpiresAt(value: string, now: Date): Date {
  const instant = ISO_INSTANT.test(value) && dayExists(value) ? new Date(value) : null;
  if (!instant || Number.isNaN(instant.getTime())) {
    throw invalidExpiresAt('must be an ISO 8601 date or date-time with a zone, e.g. 2027-01-31T00:00:00Z');
  }
  if (instant <= now) throw invalidExpiresAt('must be in the future');
  return instant;
}

/**
 * Rules for POST members, rule 1 first (400: exactly one of `user_id` or
 * `email`; `password` only with `email`), then the field checks (422: role
 * valid for the scope, email, password 8 to 128, `expires_at`).
 * `temporary_password` and `send_email` only mean something with a
 * password: invites without one always send their email.
 */
export function parseAddMemberRequest(
  scopeType: ScopeType,
  input: AddMemberInput,
  now: Date,
): AddMemberRequest {
  const hasUserId = given(input.userId);
  const hasEmail = given(input.email);
  if (hasUserId && hasEmail) throw userIdAndEmail();
  if (!hasUserId && !hasEmail) throw userIdOrEmailRequired();
  if (hasUserId && given(input.password)) throw passwordWithUserId();

  if (!given(input.role)) throw fieldInvalid('role', 'is required');
  const role = requireRoleForScope(scopeType, input.role);
  if (hasUserId && !isUuid(input.userId as string)) throw fieldInvalid('user_id', 'must be a UUID');
  let member: MemberReference;
  if (hasUserId) {
    member = { kind: 'user_id', userId: input.userId as string };
  } else if (given(input.password)) {
    const email = requireEmail(input.email as string);
    requirePasswordPolicy(input.password);
    member = {
      kind: 'email_password',
      email,
      password: input.password,
      temporaryPassword: input.temporaryPassword ?? true,
      sendEmail: input.sendEmail ?? true,
    };
  } else {
    member = { kind: 'email', email: requireEmail(input.email as string), password: null };
  }
  const expiresAt = given(input.expiresAt) ? requireExpiresAt(input.expiresAt, now) : null;
  return { member, role, expiresAt };
}
