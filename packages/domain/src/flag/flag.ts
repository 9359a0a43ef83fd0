import { invalid, malformed } from '../shared/domain-error';

/** A feature flag of a workspace (supplement §18): any JSON value under a key. */
export interface Flag {
  readonly workspaceId: string;
  readonly key: string;
  value: unknown;
  updatedAt: Date;
}

/** Path words of the flag routes; a flag cannot be named like them. */
export const RESERVED_FLAG_KEYS: readonly string[] = ['compare', 'promote', 'runtime'];

const FLAG_KEY = /^[A-Za-z0-9._-]{1,128}$/;

export function requireFlagKey(key: string): string {
  if (RESERVED_FLAG_KEYS.includes(key)) {
    throw malformed('reserved_flag_key', `'${key}' is reserved and cannot be a flag key`);
  }
  if (!FLAG_KEY.test(key)) {
    throw invalid('invalid_flag_key', 'a flag key is 1 to 128 letters, digits, ., _ or -', [
      { field: 'key', message: '1 to 128 letters, digits, ., _ or -' },
    ]);
  }
  return key;
}
