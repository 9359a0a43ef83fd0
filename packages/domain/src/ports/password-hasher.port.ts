/** A memory-hard password hash (argon2id). Implementations must not block the event loop. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password or an unparseable hash; never throws for either. */
  verify(hash: string, password: string): Promise<boolean>;
}
export const PASSWORD_HASHER = Symbol.for('gf.password-hasher');
