import type { Repositories } from '../../ports/repositories.port';
import { DATAPLANE_SERVICE_API_KEY } from '../../secret/secret';
import type { Deps } from '../deps';
import { sealSecret } from './secret-store';

/**
 * Supplement §16: every workspace starts with a random data API key in its
 * workspace-wide set, written in the transaction that creates the workspace.
 */
export async function createPlatformSecrets(
  tx: Repositories,
  deps: Pick<Deps, 'ids' | 'kms' | 'secretTokens'>,
  workspaceId: string,
  now: Date,
): Promise<void> {
  const place = { workspaceId, environmentId: null, key: DATAPLANE_SERVICE_API_KEY };
  await tx.secrets.save({
    id: deps.ids.next(),
    ...place,
    description: 'Data API key, managed by the platform',
    sealed: await sealSecret(deps.kms, place, deps.secretTokens.generate()),
    createdAt: now,
    updatedAt: now,
  });
}
