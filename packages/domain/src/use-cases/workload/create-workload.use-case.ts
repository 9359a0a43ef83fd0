import { authorizeWorkspaceChange } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import { requireName } from '../../shared/text';
import { requireWorkloadKind, type Workload } from '../../workload/workload';
import type { Deps } from '../deps';
import { CEILINGS, lockWorkspace, requireRoom } from '../workspace/workspace-ceilings';

/** Supplement §12: registers a service or job workload; it starts active with an empty manifest. */
export class CreateWorkload {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    name: string;
    kind: string;
    context: RequestContext;
  }): Promise<Workload> {
    const name = requireName(input.name);
    const kind = requireWorkloadKind(input.kind);
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'write',
        now,
      );
      await lockWorkspace(tx, workspace.id);
      // Archived workloads cannot be deleted, so they do not count: archiving one makes room.
      const active = (await tx.workloads.listByWorkspace(workspace.id)).filter((w) => w.status === 'active');
      requireRoom(active.length, CEILINGS.workloads);
      const workload: Workload = {
        id: this.deps.ids.next(),
        workspaceId: workspace.id,
        name,
        kind,
        status: 'active',
        manifest: {},
        createdAt: now,
        archivedAt: null,
      };
      await tx.workloads.save(workload);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'workload.created',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'workload', id: workload.id },
        details: { name, kind },
      });
      return workload;
    });
  }
}
