import { authorizeWorkspaceChange } from '../../access/access-control';
import type { RequestContext } from '../../audit/record';
import { declined, requireConfigured, requireEnvelope } from '../../coderunner/coderunner-answer';
import { coderunnerIdsOf } from '../../coderunner/coderunner-manifest';
import { optionalIdFromAnswer, requireUpstreamId } from '../../coderunner/upstream-id';
import type { CodeRunnerEnvelope } from '../../ports/code-runner.port';
import { workloadArchived } from '../../workload/workload.errors';
import { coderunnerCredentials } from '../coderunner/coderunner-credentials';
import { recordCoderunnerStep } from '../coderunner/record-coderunner-ids';
import { runCode } from '../coderunner/run-code';
import type { Deps } from '../deps';
import { requireWorkload } from './workload-access';

export interface RunWorkloadInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly workloadId: string;
  readonly versionId?: string;
  readonly deploymentId?: string;
  readonly deploymentUrl?: string;
  /** The event JSON itself (spec, Versioning 4: the body became the event). */
  readonly event: object;
  readonly context: RequestContext;
}

/**
 * Supplement §12: POST `…/coderunners/{coderunner_id}/run?version_id=&deployment_id=&deployment_url=`
 * (write); the body is the event, sent upstream as `{payload: <event>}`.
 * Without any of the three parameters the ids recorded on the workload are
 * used. A deployment runs at its `externalEndpoint` (`deployment_url`, when
 * given, must be it); otherwise the definition (the recorded one, or
 * `version_id`'s) runs once.
 */
export class RunWorkload {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'signer' | 'codeRunner'>) {}

  async execute(input: RunWorkloadInput): Promise<CodeRunnerEnvelope> {
    const { read } = this.deps.uow;
    const { workspace, organization } = await authorizeWorkspaceChange(
      read,
      input.userId,
      input.workspaceId,
      'write',
      this.deps.clock.now(),
    );
    const workload = await requireWorkload(read, workspace.id, input.workloadId);
    if (workload.status === 'archived') throw workloadArchived();
    requireConfigured(this.deps.codeRunner);
    const recorded = coderunnerIdsOf(workload.manifest);
    const named = input.versionId || input.deploymentId || input.deploymentUrl;
    const as = await coderunnerCredentials(this.deps.signer, workspace.id, input.userId);

    let definitionId = recorded.definition_id;
    const versionId = named ? (input.versionId ?? null) : null;
    if (versionId) {
      const version = requireEnvelope(
        await this.deps.codeRunner.getVersion(as, requireUpstreamId(versionId, 'version')),
      );
      definitionId = optionalIdFromAnswer(version.data, ['definitionId', 'DefinitionId']) ?? definitionId;
    }
    const deploymentId = named
      ? (input.deploymentId ?? (input.deploymentUrl ? recorded.deployment_id : null))
      : recorded.deployment_id;
    const ran = await runCode(this.deps.codeRunner, as, {
      deploymentId,
      deploymentUrl: input.deploymentUrl ?? null,
      definitionId,
      payload: input.event,
    });
    // Declined (`success: false` in a 2xx): answered as given, nothing recorded.
    if (declined(ran.envelope)) return ran.envelope;
    await recordCoderunnerStep(this.deps, {
      organizationId: organization.id,
      workspaceId: workspace.id,
      target: { type: 'workload', id: workload.id },
      action: 'coderunner.run',
      learned: { last_job_name: ran.executionId, last_job_status: ran.status },
      details: { coderunner_id: workload.id, deployment_id: deploymentId, execution_id: ran.executionId },
      context: input.context,
    });
    return ran.envelope;
  }
}
