import { DomainError } from '@groundfloor/domain';

/**
 * The value names a master key this process was not given (a rotation dropped
 * it too early, or KMS_MASTER_KEY changed). Nothing the caller sent can fix it.
 */
export const keyUnavailable = (keyId: string) =>
  new DomainError(
    'unavailable',
    'key_unavailable',
    `master key ${keyId} is not configured; add it as a previous master key`,
  );

/**
 * A stored value failed authentication: it was altered, is malformed, or is
 * opened under another context than it was sealed with. It is our own stored
 * data that is wrong, not the request, so the kind is `unavailable`, not `invalid`.
 */
export const decryptionFailed = () =>
  new DomainError('unavailable', 'decryption_failed', 'a sealed value could not be decrypted');
