/**
 * Bytes kept outside the database: release uploads and published bundle
 * files. Keys are opaque strings of `/`-separated segments (see
 * `isValidBlobKey`); a prefix ending in `/` names a folder of keys. The
 * shape fits a local filesystem and an S3-compatible object store alike,
 * so several replicas can share one store.
 */
export interface BlobStore {
  /**
   * Streams `content` under `key`, replacing what was there. Readers see the
   * old object or the whole new one, never part of it. Past `maxBytes` the
   * write stops and nothing is stored (`too_large`); a failing `content`
   * stream rejects and stores nothing either.
   */
  put(key: string, content: AsyncIterable<Uint8Array>, options: BlobPutOptions): Promise<BlobPutResult>;
  /** The object's bytes (all of them, or `range`), or null when there is none. */
  get(key: string, range?: BlobRange): Promise<BlobObject | null>;
  stat(key: string): Promise<BlobStat | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (which ends in `/`); returns how many. */
  deleteByPrefix(prefix: string): Promise<number>;
}
export const BLOB_STORE = Symbol.for('gf.blob-store');

export interface BlobPutOptions {
  /** The most bytes the object may have. */
  readonly maxBytes: number;
}

export type BlobPutResult =
  | {
      readonly status: 'stored';
      readonly sizeBytes: number;
      /** Lowercase hex SHA-256 of the stored bytes. */
      readonly sha256: string;
    }
  | { readonly status: 'too_large'; readonly maxBytes: number };

/** Bytes `offset` to `offset + length - 1`; a range past the end is cut at the end. */
export interface BlobRange {
  readonly offset: number;
  readonly length: number;
}

export interface BlobStat {
  readonly sizeBytes: number;
}

export interface BlobObject extends BlobStat {
  /** Consumed once. */
  readonly content: AsyncIterable<Uint8Array>;
}

const SEGMENT_MAX = 255;
const KEY_MAX = 1024;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * What every adapter accepts as a key: 1 to 1,024 characters of non-empty
 * `/`-separated segments of at most 255 characters, none `.` or `..`, no
 * control characters and no backslash. Adapters refuse anything else, so a
 * key can never name something outside the store.
 */
export function isValidBlobKey(key: string): boolean {
  if (key.length === 0 || key.length > KEY_MAX || CONTROL.test(key) || key.includes('\\')) return false;
  return key
    .split('/')
    .every(
      (segment) => segment.length > 0 && segment.length <= SEGMENT_MAX && segment !== '.' && segment !== '..',
    );
}

/** A folder prefix: a valid key followed by `/`. */
export function isValidBlobPrefix(prefix: string): boolean {
  return prefix.endsWith('/') && isValidBlobKey(prefix.slice(0, -1));
}
