import type { KeyManagement, SealedValue } from '../../ports/key-management.port';
import { secretContext } from '../../secret/secret';
import { DomainError, unavailable } from '../../shared/domain-error';
import { utf8Decode, utf8Encode } from '../../shared/utf8';

/** Where a value lives; it is sealed under this place's context. */
export interface SecretPlace {
  readonly workspaceId: string;
  readonly environmentId: string | null;
  readonly key: string;
}

// The cause (key_unavailable, decryption_failed, a network error of a remote
// KMS) goes to nobody: it could only name configuration, never the request.
const storeUnavailable = () =>
  unavailable('secret_store_unavailable', 'the secret store cannot be reached; retry later');

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof DomainError && err.kind !== 'unavailable') throw err;
    throw storeUnavailable();
  }
}

export const sealSecret = (kms: KeyManagement, place: SecretPlace, value: string): Promise<SealedValue> =>
  guarded(() =>
    kms.seal(utf8Encode(value), secretContext(place.workspaceId, place.environmentId, place.key)),
  );

export const openSecret = (kms: KeyManagement, place: SecretPlace, sealed: SealedValue): Promise<string> =>
  guarded(async () =>
    utf8Decode(await kms.open(sealed, secretContext(place.workspaceId, place.environmentId, place.key))),
  );
