import { createHash } from 'node:crypto';

export const MASTER_KEY_BYTES = 32;

export interface MasterKey {
  readonly id: string;
  readonly key: Buffer;
}

/**
 * The key-encryption keys this process holds: `current` wraps every new data
 * key; every key in `all` (current included) can still unwrap, so values sealed
 * before a rotation open until they are rewrapped.
 */
export interface MasterKeyRing {
  readonly current: MasterKey;
  readonly all: ReadonlyMap<string, Buffer>;
}

/**
 * Derived from the key itself, so a stored value names the key that wrapped it
 * and no registry of ids has to be kept beside the keys. 64 bits of a SHA-256
 * reveal nothing usable about a 256-bit random key.
 */
export function masterKeyId(key: Buffer): string {
  return `mk-${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}

/** A ring from raw keys; duplicates of the current key among `previous` are harmless. */
export function createMasterKeyRing(current: Buffer, previous: readonly Buffer[] = []): MasterKeyRing {
  const all = new Map<string, Buffer>();
  for (const key of [current, ...previous]) {
    if (key.length !== MASTER_KEY_BYTES) throw new Error(`a master key must be ${MASTER_KEY_BYTES} bytes`);
    all.set(masterKeyId(key), key);
  }
  return { current: { id: masterKeyId(current), key: current }, all };
}

// Buffer.from(…, 'base64') skips characters it does not know, so a typo would
// silently yield a different key: the text is checked before it is decoded.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Decodes a base64 (or base64url) 32-byte key. Throws one line naming `source`,
 * never echoing the value, so it can stop the process at start.
 */
export function parseMasterKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  const encoding = BASE64.test(trimmed) ? 'base64' : BASE64URL.test(trimmed) ? 'base64url' : null;
  if (!encoding || trimmed === '') {
    throw new Error(
      `${source} must be a base64-encoded ${MASTER_KEY_BYTES}-byte key (openssl rand -base64 32)`,
    );
  }
  const key = Buffer.from(trimmed, encoding);
  if (key.length !== MASTER_KEY_BYTES) {
    throw new Error(
      `${source} must decode to ${MASTER_KEY_BYTES} bytes, got ${key.length} (openssl rand -base64 32)`,
    );
  }
  return key;
}
