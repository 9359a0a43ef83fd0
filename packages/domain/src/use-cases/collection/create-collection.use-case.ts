import { authorizeWorkspaceChange } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import { adminOnlyGrants } from '../../collection/admin-only';
import { collectionNameTaken } from '../../collection/collection.errors';
import { requireCollectionName } from '../../collection/collection-name';
import type { DataCollection } from '../../collection/data-collection';
import { DomainError } from '../../shared/domain-error';
import type { Deps } from '../deps';
import { CEILINGS, lockWorkspace, requireRoom } from '../workspace/workspace-ceilings';

/**
 * Supplement §17: a new collection starts admin-only (`admin` holds read,
 * write and delete), so no other site role can query it until granted
 * (spec: Authentication, 9).
 */
export class CreateCollection {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    name: string;
    context: RequestContext;
  }): Promise<DataCollection> {
    const name = requireCollectionName(input.name);
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'ddl',
        now,
      );
      await lockWorkspace(tx, workspace.id);
      if (await tx.collections.find(workspace.id, name)) throw collectionNameTaken(name);
      requireRoom((await tx.collections.listByWorkspace(workspace.id)).length, CEILINGS.collections);
      const collection: DataCollection = {
        workspaceId: workspace.id,
        name,
        createdAt: now,
        workloadGrants: [],
      };
      try {
        await tx.collections.insert(collection);
      } catch (err) {
        if (err instanceof DomainError && err.code === 'duplicate') throw collectionNameTaken(name);
        throw err;
      }
      await tx.siteGrants.replace(
        workspace.id,
        { resource: 'collection', collection: name },
        adminOnlyGrants(name),
      );
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'collection.created',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'collection', id: name },
      });
      return collection;
    });
  }
}
