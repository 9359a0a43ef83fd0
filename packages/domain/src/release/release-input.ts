import { Limits } from '../shared/limits';
import { hasLineBreak } from '../shared/text';
import { RELEASE_BUNDLES, type ReleaseBundle } from './release';
import {
  releaseBundleInvalid,
  releaseLabelInvalid,
  releaseSizeInvalid,
  releaseSizeRequired,
  releaseTooLarge,
} from './release.errors';

/** `bundle`: absent means `remote_entry`. */
export function requireBundle(value: string | undefined): ReleaseBundle {
  const bundle = value ?? RELEASE_BUNDLES[0];
  if (!(RELEASE_BUNDLES as readonly string[]).includes(bundle)) throw releaseBundleInvalid();
  return bundle as ReleaseBundle;
}

/** `label`: optional, one line of at most 120 characters (code points); empty means none. */
export function requireLabel(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const label = value.trim();
  if ([...label].length > Limits.releaseLabelMax || hasLineBreak(label)) throw releaseLabelInvalid();
  return label.length === 0 ? null : label;
}

/** `size_bytes`: required (422), a whole number above 0 (422), at most 32 MiB (413). */
export function requireSizeBytes(value: unknown): number {
  if (value === undefined || value === null) throw releaseSizeRequired();
  // Any whole number: one past 2^53 is still a size, too large (413), not a malformed one.
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) throw releaseSizeInvalid();
  if (value > Limits.releaseUploadBytesMax) throw releaseTooLarge();
  return value;
}
