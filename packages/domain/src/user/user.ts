/** A portal user: a person who signs in to the control plane. */
export interface User {
  readonly id: string;
  email: string;
  displayName: string | null;
  /** Memory-hard hash; null until the user has chosen (or been given) a password. */
  passwordHash: string | null;
  /** A temporary password must be changed before the account can do anything else. */
  passwordChangeRequired: boolean;
  /** The person proved they control the mailbox (redeemed a link sent to it), or the operator vouched. */
  emailVerified: boolean;
  /**
   * The organization whose admin set the current password, until the person
   * proves the mailbox (docs/security.md, account ownership). Null when the
   * person chose the password through an emailed link, the operator set it,
   * or there is no password.
   */
  passwordSetByOrganizationId: string | null;
  readonly createdAt: Date;
  lastLoginAt: Date | null;
  welcomeEmailSentAt: Date | null;
  /** Non-null marks a legacy app-user row; such users never sign in here. */
  idpRealm: string | null;
}

/** A new login that has not chosen a password yet. */
export function newUser(args: {
  id: string;
  email: string;
  createdAt: Date;
  displayName?: string | null;
}): User {
  return {
    id: args.id,
    email: args.email,
    displayName: args.displayName ?? null,
    passwordHash: null,
    passwordChangeRequired: false,
    emailVerified: false,
    passwordSetByOrganizationId: null,
    createdAt: args.createdAt,
    lastLoginAt: null,
    welcomeEmailSentAt: null,
    idpRealm: null,
  };
}

export type UserStatus = 'active' | 'invited';

/** `invited` until the user can sign in with a password. */
export const userStatus = (user: User): UserStatus => (user.passwordHash ? 'active' : 'invited');
