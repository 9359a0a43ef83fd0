import type { SealedValue } from '../ports/key-management.port';
import { invalid } from '../shared/domain-error';
import { Limits } from '../shared/limits';

/**
 * One secret of a set: workspace-wide (`environmentId` null) or of one
 * environment. The value exists only sealed, under a context naming its place.
 */
export interface Secret {
  readonly id: string;
  readonly workspaceId: string;
  readonly environmentId: string | null;
  readonly key: string;
  description: string | null;
  sealed: SealedValue;
  readonly createdAt: Date;
  updatedAt: Date;
}

/** Supplement §16: kept by the platform, hidden from lists, never changed through the API. */
export const PLATFORM_MANAGED_SECRET_KEYS: readonly string[] = [
  'DATAPLANE_SERVICE_API_KEY',
  'MANAGED_DATABASE_URL',
];
export const DATAPLANE_SERVICE_API_KEY = 'DATAPLANE_SERVICE_API_KEY';

export const isPlatformManaged = (key: string): boolean => PLATFORM_MANAGED_SECRET_KEYS.includes(key);

const SECRET_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function requireSecretKey(key: string, field = 'key'): string {
  if (key.length > Limits.secretKeyMax || !SECRET_KEY.test(key)) {
    throw invalid(
      'invalid_secret_key',
      `a secret key starts with a letter or underscore, holds only letters, digits and underscores, and has at most ${Limits.secretKeyMax} characters`,
      [{ field, message: 'not a valid secret key' }],
    );
  }
  return key;
}

/** Lengths are counted in characters (code points), not UTF-16 units: an emoji is one character. */
const characters = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

export function requireSecretValue(value: string): string {
  if (value.length > Limits.secretValueMax && characters(value) > Limits.secretValueMax) {
    throw invalid('invalid_secret_value', `value has more than ${Limits.secretValueMax} characters`, [
      { field: 'value', message: `at most ${Limits.secretValueMax} characters` },
    ]);
  }
  return value;
}

export function requireSecretDescription(description: string): string {
  if (
    description.length > Limits.secretDescriptionMax &&
    characters(description) > Limits.secretDescriptionMax
  ) {
    throw invalid(
      'invalid_secret_description',
      `description has more than ${Limits.secretDescriptionMax} characters`,
      [{ field: 'description', message: `at most ${Limits.secretDescriptionMax} characters` }],
    );
  }
  return description;
}

/**
 * The KMS context (AAD) a value is sealed under: a sealed value copied to
 * another workspace, environment or key does not open there.
 */
export const secretContext = (workspaceId: string, environmentId: string | null, key: string): string =>
  `secret:${workspaceId}:${environmentId ?? '*'}:${key}`;
