/** One sign-in: every refresh token rotated from it belongs to it. */
export interface Session {
  readonly id: string;
  readonly userId: string;
  readonly createdAt: Date;
  revokedAt: Date | null;
  /** Signed in with a temporary password that has not been changed yet. */
  passwordChangeRequired: boolean;
}

/** A refresh token's server-side record; the token itself is a signed JWT whose `jti` is `id`. */
export interface RefreshToken {
  readonly id: string;
  readonly sessionId: string;
  readonly expiresAt: Date;
  spentAt: Date | null;
}
