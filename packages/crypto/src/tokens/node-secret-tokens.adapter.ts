import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SecretTokens } from '@groundfloor/domain';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** One-time tokens on node:crypto: 256 random bits, stored as SHA-256. */
export class NodeSecretTokens implements SecretTokens {
  generate(): string {
    return randomBytes(32).toString('base64url');
  }

  // A plain hash is enough: the token already carries 256 bits, so there is
  // nothing for a slow or salted hash to protect against, and lookups stay exact.
  hash(token: string): string {
    return sha256(token).toString('hex');
  }

  // timingSafeEqual needs equal lengths; comparing digests keeps the length of
  // the secret out of the timing as well.
  equals(a: string, b: string): boolean {
    return timingSafeEqual(sha256(a), sha256(b));
  }
}
