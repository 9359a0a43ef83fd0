import { authorizeWorkspace } from '../../access/access-control';
import { requireUsageQuery, type UsageReport, usageReport } from '../../model-gateway/usage';
import type { Deps } from '../deps';

/**
 * GET `/llm/usage?since_seconds=&limit=` (read): the gateway's spend logs
 * for the workspace over the window. An unreachable (or unconfigured)
 * gateway answers 200 with empty rows and zero totals (spec).
 */
export class GetUsage {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'modelGateway' | 'settings'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    sinceSeconds?: number;
    limit?: number;
  }): Promise<UsageReport> {
    const query = requireUsageQuery(input);
    const until = this.deps.clock.now();
    const { workspace } = await authorizeWorkspace(
      this.deps.uow.read,
      input.userId,
      input.workspaceId,
      'read',
      until,
    );
    const since = new Date(until.getTime() - query.sinceSeconds * 1000);
    const logs = await this.deps.modelGateway.spendLogs({
      workspaceId: workspace.id,
      start: since,
      end: until,
    });
    return usageReport(
      workspace.id,
      logs.ok ? logs.value : [],
      { since, until },
      query,
      this.deps.settings.llmCuPerUsd,
    );
  }
}
