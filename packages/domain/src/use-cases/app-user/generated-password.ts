import type { SecretTokens } from '../../ports/secret-tokens.port';

/**
 * A generated temporary password: 24 URL-safe characters (about 144 bits)
 * of a fresh random token. Within the 8 to 128 policy; answered once,
 * never stored in the clear, logged or emailed.
 */
export const generatePassword = (tokens: Pick<SecretTokens, 'generate'>): string =>
  tokens.generate().slice(0, 24);
