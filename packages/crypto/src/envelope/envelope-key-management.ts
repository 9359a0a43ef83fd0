import type { KeyManagement, SealedValue } from '@groundfloor/domain';
import type { MasterKeyRing } from '../master-key/master-key-ring';
import { type AesGcm, DATA_KEY_BYTES, IV_BYTES, TAG_BYTES } from './aes-gcm';
import { decryptionFailed, keyUnavailable } from './envelope.errors';

const WRAPPED_KEY_BYTES = IV_BYTES + TAG_BYTES + DATA_KEY_BYTES;

/**
 * Envelope encryption over any AES-256-GCM implementation. The wire format,
 * shared by every adapter so that they open each other's values:
 * - `ciphertext`, `iv` (12 bytes), `tag` (16 bytes): the plaintext under a
 *   fresh 32-byte data key, with the optional context as AAD;
 * - `wrappedKey`: iv (12) | tag (16) | encrypted data key (32), AES-256-GCM
 *   under the master key named by `keyId`.
 * Every field is standard base64.
 */
export class EnvelopeKeyManagement implements KeyManagement {
  constructor(
    private readonly ring: MasterKeyRing,
    private readonly gcm: AesGcm,
  ) {}

  get currentKeyId(): string {
    return this.ring.current.id;
  }

  async seal(plaintext: Uint8Array, context?: string): Promise<SealedValue> {
    const dataKey = this.gcm.randomBytes(DATA_KEY_BYTES);
    try {
      const iv = this.gcm.randomBytes(IV_BYTES);
      const { ciphertext, tag } = this.gcm.encrypt(dataKey, iv, Buffer.from(plaintext), aad(context));
      return {
        keyId: this.ring.current.id,
        wrappedKey: this.wrap(dataKey),
        iv: iv.toString('base64'),
        ciphertext: ciphertext.toString('base64'),
        tag: tag.toString('base64'),
      };
    } finally {
      dataKey.fill(0);
    }
  }

  async open(sealed: SealedValue, context?: string): Promise<Uint8Array> {
    const dataKey = this.unwrap(sealed);
    try {
      const iv = decode(sealed.iv, IV_BYTES);
      const tag = decode(sealed.tag, TAG_BYTES);
      const plaintext = this.gcm.decrypt(dataKey, iv, decode(sealed.ciphertext), tag, aad(context));
      if (!plaintext) throw decryptionFailed();
      return plaintext;
    } finally {
      dataKey.fill(0);
    }
  }

  async rewrap(sealed: SealedValue): Promise<SealedValue> {
    if (sealed.keyId === this.ring.current.id) return sealed;
    const dataKey = this.unwrap(sealed);
    try {
      return { ...sealed, keyId: this.ring.current.id, wrappedKey: this.wrap(dataKey) };
    } finally {
      dataKey.fill(0);
    }
  }

  private wrap(dataKey: Buffer): string {
    const iv = this.gcm.randomBytes(IV_BYTES);
    const { ciphertext, tag } = this.gcm.encrypt(this.ring.current.key, iv, dataKey);
    return Buffer.concat([iv, tag, ciphertext]).toString('base64');
  }

  private unwrap(sealed: SealedValue): Buffer {
    const masterKey = this.ring.all.get(sealed.keyId);
    if (!masterKey) throw keyUnavailable(sealed.keyId);
    const wrapped = decode(sealed.wrappedKey, WRAPPED_KEY_BYTES);
    const iv = wrapped.subarray(0, IV_BYTES);
    const tag = wrapped.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
    const dataKey = this.gcm.decrypt(masterKey, iv, wrapped.subarray(IV_BYTES + TAG_BYTES), tag);
    if (!dataKey) throw decryptionFailed();
    return dataKey;
  }
}

// Absent and empty context give the same GCM tag (empty AAD), by design of GCM.
const aad = (context: string | undefined) =>
  context === undefined ? undefined : Buffer.from(context, 'utf8');

// A wrong length is tampering too; checking it here keeps both backends from
// ever seeing a truncated tag or IV.
function decode(text: string, length?: number): Buffer {
  const bytes = Buffer.from(text, 'base64');
  if (length !== undefined && bytes.length !== length) throw decryptionFailed();
  return bytes;
}
