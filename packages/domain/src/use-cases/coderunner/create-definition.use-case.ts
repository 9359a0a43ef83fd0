import type { RequestContext } from '../../audit/record';
import { declined, requireEnvelope } from '../../coderunner/coderunner-answer';
import { requireDefinition } from '../../coderunner/definition';
import { idFromAnswer } from '../../coderunner/upstream-id';
import type { CodeRunnerEnvelope } from '../../ports/code-runner.port';
import type { Deps } from '../deps';
import { authorizeProxy, type ProxyTarget } from './proxy-access';
import { recordCoderunnerStep } from './record-coderunner-ids';

export interface CreateDefinitionInput extends ProxyTarget {
  readonly name: string;
  readonly description?: string;
  readonly deploymentType: number;
  readonly languageType: number;
  readonly context: RequestContext;
}

/**
 * POST `…/coderunner/definition` (write) → upstream POST `/api/definitions`.
 * `data.id` becomes `manifest.coderunner.definition_id`; the recorded
 * version belonged to the previous definition, so it is cleared.
 */
export class CreateDefinition {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'signer' | 'codeRunner'>) {}

  async execute(input: CreateDefinitionInput): Promise<CodeRunnerEnvelope> {
    const definition = requireDefinition(input);
    const { organization, workspace, app, as } = await authorizeProxy(this.deps, input, 'change');
    const envelope = requireEnvelope(await this.deps.codeRunner.createDefinition(as, definition));
    if (declined(envelope)) return envelope;
    const definitionId = idFromAnswer(envelope.data, ['id', 'definitionId']);
    await recordCoderunnerStep(this.deps, {
      organizationId: organization.id,
      workspaceId: workspace.id,
      target: { type: 'app', id: app.id },
      action: 'coderunner.definition_created',
      learned: { definition_id: definitionId, version_id: null },
      details: { app_id: app.id, definition_id: definitionId, name: definition.name },
      context: input.context,
    });
    return envelope;
  }
}
