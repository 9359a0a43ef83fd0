import type { EmailSkippedReason } from '../mail/email-outcome';

/** Outcome of the latest invitation, resend, add or reset email (spec, App user). */
export interface AppUserEmailOutcome {
  readonly sent: boolean | null;
  readonly skippedReason: EmailSkippedReason | null;
  /** Null when no email was attempted (`not_requested`). */
  readonly attemptedAt: Date | null;
}

/**
 * An end user of a workspace's apps, in the workspace's own directory
 * (not a portal user: these never sign in to the control plane). `id` is
 * the user's `sub`.
 */
export interface AppUser {
  readonly id: string;
  readonly workspaceId: string;
  /** Normalised (trimmed, lowercase); unique in the workspace. */
  email: string;
  firstName: string | null;
  lastName: string | null;
  enabled: boolean;
  emailVerified: boolean;
  /** App (site) role names: built-in `viewer`, `user`, `admin` or the workspace's custom roles. */
  roles: string[];
  /**
   * Spec, App user: true until the user sets a password (redeem, add, or
   * using a temporary password). A temporary password set through
   * `POST /users/{id}/temporary-password` leaves it as it was: the user has
   * not used it yet, though they can sign in with it. Stored, because such
   * a user and one added with a temporary password have the same password
   * fields and differ only in this.
   */
  invitePending: boolean;
  /** Memory-hard hash; null until the user has a password. */
  passwordHash: string | null;
  /** The current password is temporary: the next sign-in must choose a new one. */
  passwordChangeRequired: boolean;
  temporaryPasswordSetAt: Date | null;
  /** SSO connections the user signs in through (single sign-on links: another way to sign in). */
  ssoConnectionIds: string[];
  /** The app the invitation's sign-in link opens, if one was named. */
  inviteAppId: string | null;
  lastEmail: AppUserEmailOutcome | null;
  /** Resend limits (spec: 1 minute since the last; 5 in 24 hours from the first resend). */
  resendWindowStartedAt: Date | null;
  resendCount: number;
  lastInvitationSentAt: Date | null;
  readonly createdAt: Date;
  updatedAt: Date;
  lastLoginAt: Date | null;
}

/** A password, another credential, or a single sign-on link (spec: "can already sign in"). */
export const appUserCanSignIn = (user: AppUser): boolean =>
  user.passwordHash !== null || user.ssoConnectionIds.length > 0;

/** A new user who has no way to sign in yet. */
export function newAppUser(args: {
  id: string;
  workspaceId: string;
  email: string;
  now: Date;
  firstName?: string | null;
  lastName?: string | null;
  roles?: readonly string[];
  inviteAppId?: string | null;
}): AppUser {
  return {
    id: args.id,
    workspaceId: args.workspaceId,
    email: args.email,
    firstName: args.firstName ?? null,
    lastName: args.lastName ?? null,
    enabled: true,
    emailVerified: false,
    roles: [...(args.roles ?? [])],
    invitePending: true,
    passwordHash: null,
    passwordChangeRequired: false,
    temporaryPasswordSetAt: null,
    ssoConnectionIds: [],
    inviteAppId: args.inviteAppId ?? null,
    lastEmail: null,
    resendWindowStartedAt: null,
    resendCount: 0,
    lastInvitationSentAt: null,
    createdAt: args.now,
    updatedAt: args.now,
    lastLoginAt: null,
  };
}
