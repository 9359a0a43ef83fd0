/**
 * An app end user's access token (supplement §15), established from a
 * verified token and a live session of an enabled user in a workspace whose
 * platform sign-in is active. Good only in its own workspace, on the routes
 * an app needs (flag values, apps read); every other route is 403.
 */
export interface AppUserPrincipal {
  readonly kind: 'app_user';
  readonly userId: string;
  readonly workspaceId: string;
  readonly sessionId: string;
  /** `azp`: the app named at sign-in, or `shell`. Tokens of one app are accepted for every app of the workspace. */
  readonly clientId: string;
  /** The user's app roles now, read with the session (not as the token says). */
  readonly roles: readonly string[];
}
