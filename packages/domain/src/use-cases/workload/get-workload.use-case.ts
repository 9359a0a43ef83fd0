import { authorizeWorkspace } from '../../access/access-control';
import type { Workload } from '../../workload/workload';
import type { Deps } from '../deps';
import { requireWorkload } from './workload-access';

export class GetWorkload {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { userId: string; workspaceId: string; workloadId: string }): Promise<Workload> {
    const { read } = this.deps.uow;
    const { workspace } = await authorizeWorkspace(
      read,
      input.userId,
      input.workspaceId,
      'read',
      this.deps.clock.now(),
    );
    return requireWorkload(read, workspace.id, input.workloadId);
  }
}
