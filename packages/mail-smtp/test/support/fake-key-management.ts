import type { KeyManagement, SealedValue } from '@groundfloor/domain';

/**
 * Not encryption: reversed bytes in base64, with the context kept in
 * `wrappedKey` so a wrong context fails to open. Enough to prove the adapter
 * never stores plaintext and seals under `mail-outbox`.
 */
export class FakeKeyManagement implements KeyManagement {
  readonly currentKeyId = 'fake-key-1';
  readonly contexts: Array<string | undefined> = [];
  unavailable = false;

  async seal(plaintext: Uint8Array, context?: string): Promise<SealedValue> {
    this.check();
    this.contexts.push(context);
    return {
      keyId: this.currentKeyId,
      wrappedKey: Buffer.from(context ?? '').toString('base64'),
      iv: 'aXY=',
      ciphertext: Buffer.from(plaintext).reverse().toString('base64'),
      tag: 'dGFn',
    };
  }

  async open(sealed: SealedValue, context?: string): Promise<Uint8Array> {
    this.check();
    if (Buffer.from(sealed.wrappedKey, 'base64').toString() !== (context ?? '')) {
      throw new Error('fake kms: wrong context');
    }
    return Uint8Array.from(Buffer.from(sealed.ciphertext, 'base64').reverse());
  }

  async rewrap(sealed: SealedValue): Promise<SealedValue> {
    return sealed;
  }

  private check() {
    if (this.unavailable) throw Object.assign(new Error('fake kms down'), { code: 'kms_unavailable' });
  }
}
