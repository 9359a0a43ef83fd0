import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * OPERATOR_TOKEN, or one generated once into DATA_DIR/operator-token (0600).
 * The caller logs the file's path, never the value.
 */
export function resolveOperatorToken(
  configured: string | undefined,
  dataDir: string,
): { token: string; file?: string; generated?: boolean } {
  if (configured) return { token: configured };
  const file = path.join(dataDir, 'operator-token');
  if (existsSync(file)) return { token: readFileSync(file, 'utf8').trim(), file };
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const token = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    // Another process started at the same moment and wrote it first: use theirs.
    if ((e as NodeJS.ErrnoException).code === 'EEXIST')
      return { token: readFileSync(file, 'utf8').trim(), file };
    throw e;
  }
  chmodSync(file, 0o600);
  return { token, file, generated: true };
}
