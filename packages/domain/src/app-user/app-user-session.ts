/** One app-user sign-in (supplement §15): its refresh tokens rotate within it. */
export interface AppUserSession {
  readonly id: string;
  readonly workspaceId: string;
  readonly userId: string;
  /** `azp` of its tokens: the app id named at sign-in, or `shell`. */
  readonly clientId: string;
  readonly createdAt: Date;
  revokedAt: Date | null;
}

/** A refresh token's server-side record; the token is a signed JWT whose `jti` is `id`. */
export interface AppUserRefreshToken {
  readonly id: string;
  readonly sessionId: string;
  readonly expiresAt: Date;
  spentAt: Date | null;
}
