import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createMasterKeyRing, MASTER_KEY_BYTES, type MasterKeyRing, parseMasterKey } from './master-key-ring';

export interface MasterKeyOptions {
  /** Base64 of 32 bytes, from KMS_MASTER_KEY. */
  readonly masterKey?: string;
  /** Base64 keys (KMS_PREVIOUS_MASTER_KEYS) that wrapped values before a rotation; they open, never seal. */
  readonly previousKeys?: readonly string[];
  /** Where the generated key lives when `masterKey` is unset. */
  readonly dataDir: string;
}

export const MASTER_KEY_FILE = 'master.key';

/**
 * Builds the master-key ring from configuration (supplement §1). Without
 * KMS_MASTER_KEY the key is read from DATA_DIR/master.key, generated there on
 * first start (mode 0600). Synchronous on purpose: it runs once while the
 * container is composed, before the server listens.
 */
export function loadMasterKeyRing(options: MasterKeyOptions): MasterKeyRing {
  const previous = (options.previousKeys ?? []).map((text, i) =>
    parseMasterKey(text, `KMS_PREVIOUS_MASTER_KEYS entry #${i + 1}`),
  );
  const path = join(options.dataDir, MASTER_KEY_FILE);
  if (options.masterKey === undefined || options.masterKey.trim() === '') {
    return createMasterKeyRing(readOrCreateKeyFile(path), previous);
  }
  const current = parseMasterKey(options.masterKey, 'KMS_MASTER_KEY');
  // An install that started without KMS_MASTER_KEY sealed its values under the
  // generated file key; keeping that key for opening lets the operator switch
  // to KMS_MASTER_KEY without losing them (rewrap then moves them over).
  const fileKey = readKeyFile(path);
  return createMasterKeyRing(current, fileKey ? [...previous, fileKey] : previous);
}

function readKeyFile(path: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`cannot read the master key file ${path}: ${(error as Error).message}`);
  }
  return parseMasterKey(text, `the master key file ${path} (or set KMS_MASTER_KEY)`);
}

function readOrCreateKeyFile(path: string): Buffer {
  const existing = readKeyFile(path);
  if (existing) return existing;
  const key = randomBytes(MASTER_KEY_BYTES);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  // Two processes starting on one DATA_DIR must end up with the same key: the
  // key is written whole to a private temporary file, then hard-linked into
  // place, which fails (EEXIST) if another process got there first.
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    linkSync(temporary, path);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKeyFile(path) as Buffer;
    throw new Error(`cannot write the master key file ${path}: ${(error as Error).message}`);
  } finally {
    rmSync(temporary, { force: true });
  }
}
