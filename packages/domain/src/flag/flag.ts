import { invalid, malformed } from '../shared/domain-error';
import { Limits } from '../shared/limits';
import { utf8Encode } from '../shared/utf8';

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

/**
 * A flag value is any JSON, null included, of at most 8 KiB as JSON text:
 * with the 5,000-flag ceiling this bounds what every app downloads from
 * `/flags/runtime`.
 */
export function requireFlagValue(value: unknown): unknown {
  if (value === undefined) {
    throw invalid('validation_failed', 'value is required (any JSON, null included)', [
      { field: 'value', message: 'required' },
    ]);
  }
  if (utf8Encode(JSON.stringify(value)).length > Limits.flagValueMaxBytes) {
    throw invalid('invalid_flag_value', `a flag value is at most ${Limits.flagValueMaxBytes} bytes of JSON`, [
      { field: 'value', message: `at most ${Limits.flagValueMaxBytes} bytes of JSON` },
    ]);
  }
  return value;
}
