import { createHash } from 'node:crypto';
import path from 'node:path';
import { isValidBlobKey, isValidBlobPrefix } from '@groundfloor/domain';

/** Thrown for a key or prefix outside the port's rules; a caller's bug, never user input reaching disk. */
export class InvalidBlobKeyError extends Error {
  constructor(key: string) {
    super(`not a valid blob key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidBlobKeyError';
  }
}

// encodeURIComponent leaves only [A-Za-z0-9-_.!~*'()] and `%XX`, so an
// encoded segment never holds `/` and, behind its two-letter tag, is never
// `.` or `..`. Folders are tagged `d_`, files `f_`: the key `a` and the
// folder of `a/b` can both exist. Long segments become a hash so no file
// name passes the usual 255-byte limit. Temporary files start with `.`,
// which no tag does.
const ENCODED_MAX = 200;

function encode(segment: string, tag: 'd' | 'f'): string {
  const encoded = encodeURIComponent(segment);
  if (encoded.length <= ENCODED_MAX) return `${tag}_${encoded}`;
  return `${tag.toUpperCase()}_${createHash('sha256').update(segment).digest('hex')}`;
}

/** The file that holds `key` under `root`; throws for an invalid key. */
export function pathOfKey(root: string, key: string): string {
  if (!isValidBlobKey(key)) throw new InvalidBlobKeyError(key);
  const segments = key.split('/');
  const file = segments.pop() as string;
  return path.join(root, ...segments.map((s) => encode(s, 'd')), encode(file, 'f'));
}

/** The folder that holds every key starting with `prefix` (which ends in `/`); throws for an invalid prefix. */
export function pathOfPrefix(root: string, prefix: string): string {
  if (!isValidBlobPrefix(prefix)) throw new InvalidBlobKeyError(prefix);
  return path.join(
    root,
    ...prefix
      .slice(0, -1)
      .split('/')
      .map((s) => encode(s, 'd')),
  );
}
