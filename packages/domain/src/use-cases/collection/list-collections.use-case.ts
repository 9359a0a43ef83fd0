import type { DataCollection } from '../../collection/data-collection';
import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { authorizeCollectionRead } from './collection-access';

/** Supplement §17, by name; a workload sees only the collections it holds a grant on. */
export class ListCollections {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { caller: Principal; workspaceId: string }): Promise<DataCollection[]> {
    const { read } = this.deps.uow;
    const { workspaceId, workload } = await authorizeCollectionRead(
      read,
      input.caller,
      input.workspaceId,
      this.deps.clock.now(),
    );
    const collections = await read.collections.listByWorkspace(workspaceId);
    if (!workload) return collections;
    return collections.filter((c) => c.workloadGrants.some((g) => g.workloadId === workload.workloadId));
  }
}
