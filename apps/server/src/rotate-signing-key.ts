import { TOKEN_SIGNER, type TokenSigner } from '@groundfloor/domain';
import type { Database } from '@groundfloor/persistence-typeorm';
import { ConfigError, loadConfig } from './config';
import { buildContainer } from './container';
import { loadDotEnv } from './env';
import { createLogger } from './logger';
import { DATABASE } from './tokens';

/**
 * `npm run keys:rotate`: makes a new token-signing key current. The old key
 * stays in the JWKS until every token it signed has expired, so nothing
 * signed before the rotation stops verifying; running servers pick the new
 * key up within five minutes.
 */
async function main(): Promise<void> {
  loadDotEnv();
  try {
    const config = loadConfig(process.env);
    const container = await buildContainer(config, createLogger('warn'), 'unused-by-this-command');
    const signer = await container.getAsync<TokenSigner>(TOKEN_SIGNER);
    await signer.rotate();
    const { keys } = await signer.jwks();
    process.stdout.write(`signing key rotated; published keys: ${keys.map((k) => k.kid).join(', ')}\n`);
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
