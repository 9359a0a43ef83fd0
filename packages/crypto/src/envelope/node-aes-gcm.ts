import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type AesGcm, TAG_BYTES } from './aes-gcm';

/** AES-256-GCM on OpenSSL through node:crypto. */
export const nodeAesGcm: AesGcm = {
  randomBytes: (length) => randomBytes(length),
  encrypt(key, iv, plaintext, aad) {
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    if (aad) cipher.setAAD(aad);
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { ciphertext, tag: cipher.getAuthTag() };
  },
  decrypt(key, iv, ciphertext, tag, aad) {
    // authTagLength pins the tag size: without it Node accepts truncated tags,
    // which makes forgeries cheaper.
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    if (aad) decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    } catch {
      return null;
    }
  },
};
