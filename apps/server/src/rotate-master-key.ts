import {
  KEY_MANAGEMENT,
  type KeyManagement,
  SIGNING_KEY_STORE,
  type SigningKeyStore,
  USE_CASES,
  type UseCases,
} from '@groundfloor/domain';
import type { Database } from '@groundfloor/persistence-typeorm';
import { ConfigError, loadConfig } from './config';
import { buildContainer } from './container';
import { loadDotEnv } from './env';
import { createLogger } from './logger';
import { rotateMasterKey } from './master-key-rotation';
import { DATABASE } from './tokens';

/**
 * `npm run kms:rotate`: run with the new key in KMS_MASTER_KEY and the old one
 * in KMS_PREVIOUS_MASTER_KEYS (running servers need both set too). Re-wraps
 * every data key under the new key; afterwards the old key can be dropped.
 * Safe to run again: values already under the current key are skipped.
 */
async function main(): Promise<void> {
  loadDotEnv();
  try {
    const config = loadConfig(process.env);
    const container = await buildContainer(config, createLogger('warn'), 'unused-by-this-command');
    const result = await rotateMasterKey({
      useCases: await container.getAsync<UseCases>(USE_CASES),
      kms: await container.getAsync<KeyManagement>(KEY_MANAGEMENT),
      signingKeys: await container.getAsync<SigningKeyStore>(SIGNING_KEY_STORE),
    });
    const kms = await container.getAsync<KeyManagement>(KEY_MANAGEMENT);
    process.stdout.write(
      `master key ${kms.currentKeyId}: rewrapped ${result.secrets.rewrapped} secrets ` +
        `(${result.secrets.unchanged} already current) and ${result.signingKeys.rewrapped} signing keys ` +
        `(${result.signingKeys.unchanged} already current)\n`,
    );
    await (await container.getAsync<Database>(DATABASE)).close();
  } catch (e) {
    if (e instanceof ConfigError) {
      for (const problem of e.problems) process.stderr.write(`configuration error: ${problem}\n`);
    } else {
      process.stderr.write(`rotation failed: ${e instanceof Error ? e.message : String(e)}\n`);
    }
    process.exit(1);
  }
}

void main();
