import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { authorizeCollectionRead, requireCollection } from './collection-access';
import { type CollectionAcl, readCollectionAcl } from './collection-acl';

/** Supplement §17, GET …/acl (read); a workload needs a `read` grant on the collection. */
export class GetCollectionAcl {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { caller: Principal; workspaceId: string; name: string }): Promise<CollectionAcl> {
    const { read } = this.deps.uow;
    const { workspaceId, workload } = await authorizeCollectionRead(
      read,
      input.caller,
      input.workspaceId,
      this.deps.clock.now(),
    );
    const collection = await requireCollection(read, workspaceId, input.name, { workload, action: 'read' });
    return readCollectionAcl(read, collection);
  }
}
