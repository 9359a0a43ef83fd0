import type { KeyManagement, SealedValue } from '@groundfloor/domain';
import { DomainError } from '@groundfloor/domain';

/**
 * Not encryption, but a real transformation: the plaintext is XORed with a
 * per-value pad and base64-encoded, the context is bound in `wrappedKey`, so
 * plaintext never appears in what is stored and a value opens only in its
 * place. `failing = true` makes every call fail like a key store that cannot
 * be reached (a DomainError of kind `unavailable`).
 */
export class FakeKeyManagement implements KeyManagement {
  currentKeyId = 'fake-key-1';
  failing = false;
  private n = 0;

  async seal(plaintext: Uint8Array, context?: string): Promise<SealedValue> {
    this.check();
    this.n += 1;
    const pad = this.n % 251 || 7;
    return {
      keyId: this.currentKeyId,
      wrappedKey: Buffer.from(JSON.stringify({ context: context ?? '', pad })).toString('base64'),
      iv: Buffer.from(String(this.n)).toString('base64'),
      ciphertext: Buffer.from(plaintext.map((b) => b ^ pad)).toString('base64'),
      tag: 'ZmFrZQ==',
    };
  }

  async open(sealed: SealedValue, context?: string): Promise<Uint8Array> {
    this.check();
    const { context: bound, pad } = JSON.parse(Buffer.from(sealed.wrappedKey, 'base64').toString()) as {
      context: string;
      pad: number;
    };
    if (bound !== (context ?? '')) {
      throw new DomainError('unavailable', 'decryption_failed', 'the value does not open in this context');
    }
    return Uint8Array.from(Buffer.from(sealed.ciphertext, 'base64').map((b) => b ^ pad));
  }

  async rewrap(sealed: SealedValue): Promise<SealedValue> {
    this.check();
    return { ...sealed, keyId: this.currentKeyId };
  }

  private check() {
    if (this.failing) throw new DomainError('unavailable', 'key_unavailable', 'fake key store is down');
  }
}
