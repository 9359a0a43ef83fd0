import type { Environment } from '../../environment/environment';
import type { Repositories } from '../../ports/repositories.port';
import { conflict, malformed, notFound } from '../../shared/domain-error';

/**
 * As for secrets: both environments must be the workspace's (404), differ
 * (400 `identical_environments`) and be active (409 `environment_inactive`).
 */
export async function requireEnvironmentPair(
  repos: Repositories,
  workspaceId: string,
  sourceEnvironmentId: string,
  targetEnvironmentId: string,
): Promise<{ source: Environment; target: Environment }> {
  const [source, target] = await Promise.all([
    repos.environments.findById(workspaceId, sourceEnvironmentId),
    repos.environments.findById(workspaceId, targetEnvironmentId),
  ]);
  if (!source || !target) throw notFound('environment_not_found', 'no such environment in this workspace');
  if (source.id === target.id) {
    throw malformed('identical_environments', 'source and target must be different environments');
  }
  for (const environment of [source, target]) {
    if (environment.status !== 'active') {
      throw conflict('environment_inactive', `environment '${environment.name}' is inactive`);
    }
  }
  return { source, target };
}
