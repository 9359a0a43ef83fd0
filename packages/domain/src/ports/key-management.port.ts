/**
 * An envelope-encrypted value: a fresh data key encrypted the plaintext
 * (AES-256-GCM) and was itself wrapped by the master key named `keyId`.
 * Every field is base64.
 */
export interface SealedValue {
  readonly keyId: string;
  readonly wrappedKey: string;
  readonly iv: string;
  readonly ciphertext: string;
  readonly tag: string;
}

/**
 * KMS-style envelope encryption. Throws a DomainError of kind `unavailable`
 * when the key store cannot be reached.
 */
export interface KeyManagement {
  seal(plaintext: Uint8Array, context?: string): Promise<SealedValue>;
  open(sealed: SealedValue, context?: string): Promise<Uint8Array>;
  /** Re-wraps the data key under the current master key; the ciphertext is untouched. */
  rewrap(sealed: SealedValue): Promise<SealedValue>;
  readonly currentKeyId: string;
}
export const KEY_MANAGEMENT = Symbol.for('gf.key-management');
