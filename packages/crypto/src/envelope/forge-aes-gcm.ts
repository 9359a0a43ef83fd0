import { createRequire } from 'node:module';
import type Forge from 'node-forge';
import { type AesGcm, TAG_BYTES } from './aes-gcm';

// Loaded on first use: an install on the default node:crypto adapter never
// has node-forge in memory.
let loaded: typeof Forge | undefined;
const forgeLib = (): typeof Forge => {
  loaded ??= createRequire(__filename)('node-forge') as typeof Forge;
  return loaded;
};

// node-forge works on "binary strings" (one char per byte).
const bytes = (buffer: Buffer) => buffer.toString('binary');
const buffer = (binary: string) => Buffer.from(binary, 'binary');

/** AES-256-GCM in pure JavaScript (node-forge): no OpenSSL needed, but far slower. */
export const forgeAesGcm: AesGcm = {
  randomBytes: (length) => buffer(forgeLib().random.getBytesSync(length)),
  encrypt(key, iv, plaintext, aad) {
    const forge = forgeLib();
    const cipher = forge.cipher.createCipher('AES-GCM', bytes(key));
    cipher.start({ iv: bytes(iv), additionalData: aad ? bytes(aad) : undefined, tagLength: TAG_BYTES * 8 });
    cipher.update(forge.util.createBuffer(bytes(plaintext)));
    cipher.finish();
    return { ciphertext: buffer(cipher.output.getBytes()), tag: buffer(cipher.mode.tag.getBytes()) };
  },
  decrypt(key, iv, ciphertext, tag, aad) {
    const forge = forgeLib();
    const decipher = forge.cipher.createDecipher('AES-GCM', bytes(key));
    decipher.start({
      iv: bytes(iv),
      additionalData: aad ? bytes(aad) : undefined,
      tagLength: TAG_BYTES * 8,
      tag: forge.util.createBuffer(bytes(tag)),
    });
    decipher.update(forge.util.createBuffer(bytes(ciphertext)));
    return decipher.finish() ? buffer(decipher.output.getBytes()) : null;
  },
};
