import { requireEnvelope } from '../../coderunner/coderunner-answer';
import { chooseRunTarget, externalEndpointOf } from '../../coderunner/run-target';
import { optionalIdFromAnswer, requireUpstreamId } from '../../coderunner/upstream-id';
import type { CodeRunner, CodeRunnerCredentials, CodeRunnerEnvelope } from '../../ports/code-runner.port';

export interface Ran {
  readonly envelope: CodeRunnerEnvelope;
  /** `data.executionId`: recorded as `last_job_name`. */
  readonly executionId: string | null;
  /** `data.status` when the answer has one, else `submitted`: recorded as `last_job_status`. */
  readonly status: string;
}

/**
 * The run step, shared by the app proxy and the workloads route: with a
 * deployment, its `configuration.externalEndpoint` is read (GET
 * `/api/deployment/{id}`) and `{payload}` is posted there; without one (or
 * when it has no endpoint), to `/api/execution/run/onetime/{definition id}`.
 */
export async function runCode(
  codeRunner: CodeRunner,
  as: CodeRunnerCredentials,
  input: {
    readonly deploymentId: string | null;
    readonly deploymentUrl?: string | null;
    readonly definitionId: string | null;
    readonly payload: object;
  },
): Promise<Ran> {
  let endpoint: string | null = null;
  if (input.deploymentId) {
    const deploymentId = requireUpstreamId(input.deploymentId, 'deployment');
    endpoint = externalEndpointOf(requireEnvelope(await codeRunner.getDeployment(as, deploymentId)).data);
  }
  const target = chooseRunTarget({
    endpoint,
    deploymentUrl: input.deploymentUrl ?? null,
    definitionId: input.definitionId,
  });
  const envelope = requireEnvelope(
    target.kind === 'endpoint'
      ? await codeRunner.invokeEndpoint(as, target.url, input.payload)
      : await codeRunner.runOnce(as, target.definitionId, input.payload),
  );
  const data = envelope.data;
  const rawStatus =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>).status : undefined;
  return {
    envelope,
    executionId: optionalIdFromAnswer(data, ['executionId', 'jobName']),
    status:
      typeof rawStatus === 'string' && rawStatus !== ''
        ? rawStatus.slice(0, 64)
        : typeof rawStatus === 'number'
          ? String(rawStatus)
          : 'submitted',
  };
}
