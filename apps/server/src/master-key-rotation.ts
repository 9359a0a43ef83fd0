import type { KeyManagement, RewrapCount, SigningKeyStore, UseCases } from '@groundfloor/domain';

export interface MasterKeyRotationResult {
  readonly secrets: { readonly rewrapped: number; readonly unchanged: number };
  readonly signingKeys: { readonly rewrapped: number; readonly unchanged: number };
  /** Workspace sign-in: custom mail passwords and SSO client secrets. */
  readonly mailPasswords: RewrapCount;
  readonly ssoClientSecrets: RewrapCount;
}

/**
 * Re-wraps every stored data key under the current master key: secrets in
 * batches (one transaction each), then workspace sign-in's sealed mail
 * passwords and SSO client secrets (batched the same way), then the
 * token-signing keys. Ciphertexts
 * do not change, so servers holding the old key as a previous key keep
 * working throughout. Queued mail is left alone: it is short-lived and opens
 * as long as the old key stays in KMS_PREVIOUS_MASTER_KEYS until the outbox
 * has drained.
 */
export async function rotateMasterKey(deps: {
  useCases: UseCases;
  kms: KeyManagement;
  signingKeys: SigningKeyStore;
  batchSize?: number;
  onProgress?: (progress: { done: number; total: number }) => void;
}): Promise<MasterKeyRotationResult> {
  const secrets = await deps.useCases.secrets.rewrapAll.execute({
    batchSize: deps.batchSize,
    onProgress: deps.onProgress,
  });
  const signIn = await deps.useCases.signInConfig.rewrapSecrets.execute({ batchSize: deps.batchSize });
  let rewrapped = 0;
  let unchanged = 0;
  for (const key of await deps.signingKeys.list()) {
    if (key.privateKey.keyId === deps.kms.currentKeyId) {
      unchanged++;
      continue;
    }
    await deps.signingKeys.save({ ...key, privateKey: await deps.kms.rewrap(key.privateKey) });
    rewrapped++;
  }
  return { secrets, signingKeys: { rewrapped, unchanged }, ...signIn };
}
