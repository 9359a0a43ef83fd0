import type { RequestContext } from '../../audit/record';
import { coderunnerNoVersion } from '../../coderunner/coderunner.errors';
import { coderunnerIdsOf } from '../../coderunner/coderunner-manifest';
import { requireDeploymentConfiguration } from '../../coderunner/deployment-configuration';
import type { CodeRunnerEnvelope } from '../../ports/code-runner.port';
import type { Deps } from '../deps';
import { deployVersion } from './deploy-version';
import { authorizeProxy, type ProxyTarget } from './proxy-access';
import { recordCoderunnerStep } from './record-coderunner-ids';

export interface DeployAppInput extends ProxyTarget {
  /** Default: `manifest.coderunner.definition_id`, or the version's own. */
  readonly definitionId?: string;
  /** Default: `manifest.coderunner.version_id`. */
  readonly versionId?: string;
  /** `Configuration.Cpu`, `.Memory`, `.CronExpression`, as sent. */
  readonly cpu?: unknown;
  readonly memory?: unknown;
  readonly cronExpression?: unknown;
  readonly context: RequestContext;
}

/**
 * POST `…/coderunner/deploy` (write): the version must be Completed (3),
 * then upstream POST `/api/deployment/create`; the definition, version and
 * deployment ids are recorded under `manifest.coderunner`.
 */
export class DeployApp {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'signer' | 'codeRunner'>) {}

  async execute(input: DeployAppInput): Promise<CodeRunnerEnvelope> {
    const configuration = requireDeploymentConfiguration(input, {
      cpu: 'Configuration.Cpu',
      memory: 'Configuration.Memory',
      cronExpression: 'Configuration.CronExpression',
    });
    const { organization, workspace, app, as } = await authorizeProxy(this.deps, input, 'change');
    const recorded = coderunnerIdsOf(app.manifest);
    const versionId = input.versionId ?? recorded.version_id;
    if (!versionId) throw coderunnerNoVersion();
    const deployed = await deployVersion(this.deps.codeRunner, as, {
      versionId,
      definitionId: input.definitionId ?? null,
      recordedDefinitionId: recorded.definition_id,
      configuration,
    });
    if (deployed.deploymentId === null) return deployed.envelope;
    await recordCoderunnerStep(this.deps, {
      organizationId: organization.id,
      workspaceId: workspace.id,
      target: { type: 'app', id: app.id },
      action: 'coderunner.deployed',
      learned: {
        definition_id: deployed.definitionId,
        version_id: deployed.versionId,
        deployment_id: deployed.deploymentId,
      },
      details: {
        app_id: app.id,
        definition_id: deployed.definitionId,
        version_id: deployed.versionId,
        deployment_id: deployed.deploymentId,
      },
      context: input.context,
    });
    return deployed.envelope;
  }
}
