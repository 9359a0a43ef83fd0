import { authorizeWorkspace } from '../../access/access-control';
import { bringYourOwnModels, type ModelEntry } from '../../model-gateway/provider-keys';
import type { Deps } from '../deps';

/** The models answer (the spec shows no shape; docs/upstreams.md does). */
export interface ModelList {
  readonly workspace_id: string;
  /** False when the gateway is not configured or did not answer: `models` then holds only bring-your-own entries. */
  readonly catalog_available: boolean;
  readonly models: ModelEntry[];
}

/**
 * GET `/llm/models` (read): the gateway's catalogue (GET `/v1/models`), then
 * a bring-your-own entry per provider key among the workspace-wide secrets
 * (key names only). Like usage, it degrades rather than fails.
 */
export class ListModels {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'modelGateway'>) {}

  async execute(input: { userId: string; workspaceId: string }): Promise<ModelList> {
    const { read } = this.deps.uow;
    const { workspace } = await authorizeWorkspace(
      read,
      input.userId,
      input.workspaceId,
      'read',
      this.deps.clock.now(),
    );
    const [catalog, secrets] = await Promise.all([
      this.deps.modelGateway.listModels(),
      read.secrets.listSet(workspace.id, null),
    ]);
    const catalogued: ModelEntry[] = catalog.ok
      ? [...new Set(catalog.value)].map((id) => ({ id, source: 'catalog', provider: null, secret_key: null }))
      : [];
    return {
      workspace_id: workspace.id,
      catalog_available: catalog.ok,
      models: [...catalogued, ...bringYourOwnModels(secrets.map((s) => s.key))],
    };
  }
}
