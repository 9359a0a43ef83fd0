import { authorizeWorkspace } from '../../access/access-control';
import type { Workload } from '../../workload/workload';
import type { Deps } from '../deps';

/** Every workload of the workspace, archived ones included, oldest first. */
export class ListWorkloads {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { userId: string; workspaceId: string }): Promise<Workload[]> {
    const { read } = this.deps.uow;
    const { workspace } = await authorizeWorkspace(
      read,
      input.userId,
      input.workspaceId,
      'read',
      this.deps.clock.now(),
    );
    return read.workloads.listByWorkspace(workspace.id);
  }
}
