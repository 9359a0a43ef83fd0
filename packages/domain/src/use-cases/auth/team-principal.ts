/** A signed-in team member, as established from a verified access token and a live session. */
export interface TeamPrincipal {
  readonly kind: 'team';
  readonly userId: string;
  readonly sessionId: string;
  /** A temporary password was used and not yet changed: only /v1/me and the password change work. */
  readonly passwordChangeRequired: boolean;
}
