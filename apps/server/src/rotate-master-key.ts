import {
  KEY_MANAGEMENT,
  type KeyManagement,
  SIGNING_KEY_STORE,
  type SigningKeyStore,
  USE_CASES,
  type UseCases,
} from '@groundfloor/domain';
import { runCommand, withContainer } from './command';
import { rotateMasterKey } from './master-key-rotation';

/**
 * `npm run kms:rotate`: run with the new key in KMS_MASTER_KEY and the old one
 * in KMS_PREVIOUS_MASTER_KEYS (running servers need both set too). Re-wraps
 * every data key under the new key; afterwards the old key can be dropped.
 * Safe to run again: values already under the current key are skipped.
 */
runCommand('rotation', (config) =>
  withContainer(config, async (container) => {
    const kms = await container.getAsync<KeyManagement>(KEY_MANAGEMENT);
    const result = await rotateMasterKey({
      useCases: await container.getAsync<UseCases>(USE_CASES),
      kms,
      signingKeys: await container.getAsync<SigningKeyStore>(SIGNING_KEY_STORE),
    });
    return (
      `master key ${kms.currentKeyId}: rewrapped ${result.secrets.rewrapped} secrets ` +
      `(${result.secrets.unchanged} already current) and ${result.signingKeys.rewrapped} signing keys ` +
      `(${result.signingKeys.unchanged} already current)`
    );
  }),
);
