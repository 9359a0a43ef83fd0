import { authorizeWorkspace } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import type { Deps } from '../deps';
import { requireWorkload } from './workload-access';

/**
 * DELETE archives (supplement §12). Its identity tokens stop working at
 * once, like a deleted M2M client's, so it stays allowed on a frozen
 * workspace as every revocation does. Archiving twice changes nothing.
 */
export class ArchiveWorkload {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    workloadId: string;
    context: RequestContext;
  }): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspace(
        tx,
        input.userId,
        input.workspaceId,
        'delete',
        now,
      );
      const workload = await requireWorkload(tx, workspace.id, input.workloadId, { forUpdate: true });
      if (workload.status === 'archived') return;
      workload.status = 'archived';
      workload.archivedAt = now;
      await tx.workloads.save(workload);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'workload.archived',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'workload', id: workload.id },
        details: { name: workload.name },
      });
    });
  }
}
