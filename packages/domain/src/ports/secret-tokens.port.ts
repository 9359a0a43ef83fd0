/** One-time tokens (links, client secrets): random, and stored only as a hash. */
export interface SecretTokens {
  /** A fresh unguessable token (at least 256 bits), URL-safe. */
  generate(): string;
  /** A deterministic one-way hash used to find a stored token. */
  hash(token: string): string;
  /** Compares two strings in constant time. */
  equals(a: string, b: string): boolean;
}
export const SECRET_TOKENS = Symbol.for('gf.secret-tokens');
