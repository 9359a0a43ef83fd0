import type { RequestContext } from '../../audit/record';
import { declined } from '../../coderunner/coderunner-answer';
import { coderunnerIdsOf } from '../../coderunner/coderunner-manifest';
import type { CodeRunnerEnvelope } from '../../ports/code-runner.port';
import type { Deps } from '../deps';
import { authorizeProxy, type ProxyTarget } from './proxy-access';
import { recordCoderunnerStep } from './record-coderunner-ids';
import { runCode } from './run-code';

/**
 * POST `…/coderunner/run` (write) with `{payload}`: to the recorded
 * deployment's `externalEndpoint`, or once through the definition's
 * one-time route. `data.executionId` becomes `last_job_name`.
 */
export class RunApp {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'signer' | 'codeRunner'>) {}

  async execute(
    input: ProxyTarget & { payload: object; context: RequestContext },
  ): Promise<CodeRunnerEnvelope> {
    const { organization, workspace, app, as } = await authorizeProxy(this.deps, input, 'change');
    const recorded = coderunnerIdsOf(app.manifest);
    const ran = await runCode(this.deps.codeRunner, as, {
      deploymentId: recorded.deployment_id,
      definitionId: recorded.definition_id,
      payload: input.payload,
    });
    // Declined (`success: false` in a 2xx): answered as given, nothing recorded.
    if (declined(ran.envelope)) return ran.envelope;
    await recordCoderunnerStep(this.deps, {
      organizationId: organization.id,
      workspaceId: workspace.id,
      target: { type: 'app', id: app.id },
      action: 'coderunner.run',
      learned: { last_job_name: ran.executionId, last_job_status: ran.status },
      details: { app_id: app.id, deployment_id: recorded.deployment_id, execution_id: ran.executionId },
      context: input.context,
    });
    return ran.envelope;
  }
}
