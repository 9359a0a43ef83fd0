import { authorizeWorkspaceChange } from '../../access/access-control';
import type { RequestContext } from '../../audit/record';
import { secretInjectionDisabled } from '../../coderunner/coderunner.errors';
import { requireConfigured } from '../../coderunner/coderunner-answer';
import { coderunnerIdsOf } from '../../coderunner/coderunner-manifest';
import { requireDeploymentConfiguration } from '../../coderunner/deployment-configuration';
import type { CodeRunnerEnvelope } from '../../ports/code-runner.port';
import { workloadArchived } from '../../workload/workload.errors';
import { coderunnerCredentials } from '../coderunner/coderunner-credentials';
import { deployVersion } from '../coderunner/deploy-version';
import { recordCoderunnerStep } from '../coderunner/record-coderunner-ids';
import type { Deps } from '../deps';
import { requireWorkload } from './workload-access';

export interface DeployWorkloadInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly workloadId: string;
  readonly versionId: string;
  readonly cpu?: unknown;
  readonly memory?: unknown;
  readonly cronExpression?: unknown;
  /** Any value, even an empty list, is refused: injection is off platform-wide. */
  readonly injectSecretKeys?: unknown;
  readonly context: RequestContext;
}

/**
 * Supplement §12: POST `…/coderunners/{coderunner_id}/deploy` (write)
 * `{version_id, cpu?, memory?, cron_expression?}`; `inject_secret_keys` is
 * 422. As the app proxy's deploy: Completed (3) first, then the deployment;
 * the ids go under the workload's `manifest.coderunner`.
 */
export class DeployWorkload {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'signer' | 'codeRunner'>) {}

  async execute(input: DeployWorkloadInput): Promise<CodeRunnerEnvelope> {
    if (input.injectSecretKeys !== undefined) throw secretInjectionDisabled();
    const configuration = requireDeploymentConfiguration(input, {
      cpu: 'cpu',
      memory: 'memory',
      cronExpression: 'cron_expression',
    });
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
    const as = await coderunnerCredentials(this.deps.signer, workspace.id, input.userId);
    const deployed = await deployVersion(this.deps.codeRunner, as, {
      versionId: input.versionId,
      recordedDefinitionId: coderunnerIdsOf(workload.manifest).definition_id,
      configuration,
    });
    if (deployed.deploymentId === null) return deployed.envelope;
    await recordCoderunnerStep(this.deps, {
      organizationId: organization.id,
      workspaceId: workspace.id,
      target: { type: 'workload', id: workload.id },
      action: 'coderunner.deployed',
      learned: {
        definition_id: deployed.definitionId,
        version_id: deployed.versionId,
        deployment_id: deployed.deploymentId,
      },
      details: {
        coderunner_id: workload.id,
        definition_id: deployed.definitionId,
        version_id: deployed.versionId,
        deployment_id: deployed.deploymentId,
      },
      context: input.context,
    });
    return deployed.envelope;
  }
}
