/**
 * The credentials of app end users in the identity directory behind a
 * workspace's platform sign-in (docs/adr/0004-app-user-identity-port.md).
 * The built-in directory keeps a memory-hard hash on the AppUser record; an
 * external one (Keycloak) would set the credential over its admin API. Both
 * can be slow or fail, which is what this port makes explicit:
 *
 * - `setPassword` rejects with `passwordSaveTimedOut()` when it did not
 *   finish within the adapter's deadline (the password may or may not be
 *   set: spec 504), and with `passwordNotSaved()` when the directory refused
 *   or failed (spec 502). Any other DomainError (a busy hasher) passes
 *   through unchanged.
 * - Neither runs inside a database transaction: the caller saves what
 *   `setPassword` answers on the user in its own transaction.
 */
export interface AppUserCredentials {
  /**
   * Makes `password` a credential of the user and answers what the user
   * record keeps for it (the built-in directory: the hash). `temporary`
   * is the required action "choose a new password at next sign-in",
   * which the caller records on the user (`passwordChangeRequired`).
   */
  setPassword(
    user: { readonly workspaceId: string; readonly id: string },
    password: string,
    options: { readonly temporary: boolean },
  ): Promise<string>;
  /**
   * Whether `password` matches the stored credential. With no credential
   * (unknown or pending user) it still does the same work against a dummy,
   * so a wrong email and a wrong password take about the same time. Never
   * throws for a wrong password.
   */
  verifyPassword(credential: string | null, password: string): Promise<boolean>;
}
export const APP_USER_CREDENTIALS = Symbol.for('gf.app-user-credentials');
