/** Sizes of the envelope format; both adapters must agree on them byte for byte. */
export const DATA_KEY_BYTES = 32;
export const IV_BYTES = 12;
export const TAG_BYTES = 16;

export interface GcmOutput {
  readonly ciphertext: Buffer;
  readonly tag: Buffer;
}

/**
 * AES-256-GCM as the envelope needs it. The seam exists because two real
 * libraries implement it (node:crypto, node-forge) behind one KeyManagement
 * contract; everything else about the envelope is shared.
 */
export interface AesGcm {
  randomBytes(length: number): Buffer;
  encrypt(key: Buffer, iv: Buffer, plaintext: Buffer, aad?: Buffer): GcmOutput;
  /** The plaintext, or null when the tag does not authenticate (tampering, wrong key or AAD). */
  decrypt(key: Buffer, iv: Buffer, ciphertext: Buffer, tag: Buffer, aad?: Buffer): Buffer | null;
}
