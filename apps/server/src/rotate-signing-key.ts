import { TOKEN_SIGNER, type TokenSigner } from '@groundfloor/domain';
import { runCommand, withContainer } from './command';

/**
 * `npm run keys:rotate`: makes a new token-signing key current. The old key
 * stays in the JWKS until every token it signed has expired, so nothing
 * signed before the rotation stops verifying; running servers pick the new
 * key up within five minutes.
 */
runCommand('rotation', (config) =>
  withContainer(config, async (container) => {
    const signer = await container.getAsync<TokenSigner>(TOKEN_SIGNER);
    await signer.rotate();
    const { keys } = await signer.jwks();
    return `signing key rotated; published keys: ${keys.map((k) => k.kid).join(', ')}`;
  }),
);
