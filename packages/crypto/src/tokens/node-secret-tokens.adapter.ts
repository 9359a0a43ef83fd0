import { createHash, randomFillSync, timingSafeEqual } from 'node:crypto';
import type { SecretTokens } from '@groundfloor/domain';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

const TOKEN_BYTES = 32;
// 128 tokens per refill. Each randomBytes(32) call crossed into OpenSSL on its
// own (about 1.7 µs here, a visible share of a membership create); one
// refill of the pool costs about as much as one of those calls. Node's own
// randomUUID keeps a pool the same way.
const POOL_BYTES = TOKEN_BYTES * 128;

/** One-time tokens on node:crypto: 256 random bits, stored as SHA-256. */
export class NodeSecretTokens implements SecretTokens {
  private readonly pool = Buffer.alloc(POOL_BYTES);
  private offset = POOL_BYTES;

  generate(): string {
    if (this.offset + TOKEN_BYTES > POOL_BYTES) {
      randomFillSync(this.pool);
      this.offset = 0;
    }
    const start = this.offset;
    this.offset += TOKEN_BYTES;
    const token = this.pool.toString('base64url', start, this.offset);
    // Handed out once: the bytes do not stay in memory after use.
    this.pool.fill(0, start, this.offset);
    return token;
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
