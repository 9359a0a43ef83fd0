import { coderunnerNoDefinition } from '../../coderunner/coderunner.errors';
import { declined, requireEnvelope } from '../../coderunner/coderunner-answer';
import { idFromAnswer, optionalIdFromAnswer, requireUpstreamId } from '../../coderunner/upstream-id';
import { requireCompleted } from '../../coderunner/version-status';
import type {
  CodeRunner,
  CodeRunnerCredentials,
  CodeRunnerEnvelope,
  DeploymentConfiguration,
} from '../../ports/code-runner.port';

export interface Deployed {
  readonly envelope: CodeRunnerEnvelope;
  readonly definitionId: string;
  readonly versionId: string;
  /** Null when the service declined the deployment (`success: false`): nothing is recorded. */
  readonly deploymentId: string | null;
}

/**
 * The deploy step, shared by the app proxy and the workloads route: the
 * version is read first and must be Completed (3), else 409; the definition
 * is the one named, else the version's own, else the one recorded; then
 * upstream POST `/api/deployment/create`, whose `data.id` is the deployment.
 */
export async function deployVersion(
  codeRunner: CodeRunner,
  as: CodeRunnerCredentials,
  input: {
    readonly versionId: string;
    readonly definitionId?: string | null;
    readonly recordedDefinitionId: string | null;
    readonly configuration: DeploymentConfiguration;
  },
): Promise<Deployed> {
  const versionId = requireUpstreamId(input.versionId, 'version');
  const named = input.definitionId ? requireUpstreamId(input.definitionId, 'definition') : null;
  const version = requireEnvelope(await codeRunner.getVersion(as, versionId));
  requireCompleted(version.data);
  const definitionId =
    named ??
    optionalIdFromAnswer(version.data, ['definitionId', 'DefinitionId']) ??
    input.recordedDefinitionId;
  if (!definitionId) throw coderunnerNoDefinition();
  const envelope = requireEnvelope(
    await codeRunner.createDeployment(as, { definitionId, versionId, configuration: input.configuration }),
  );
  const deploymentId = declined(envelope) ? null : idFromAnswer(envelope.data, ['id', 'deploymentId']);
  return { envelope, definitionId, versionId, deploymentId };
}
