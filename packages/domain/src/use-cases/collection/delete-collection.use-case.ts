import { authorizeWorkspaceChange } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import type { Deps } from '../deps';
import { requireCollection } from './collection-access';

/** Supplement §17: removes the collection and every grant on it (204). */
export class DeleteCollection {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    name: string;
    context: RequestContext;
  }): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'ddl',
        now,
      );
      await tx.workspaces.findByIdForUpdate(workspace.id);
      const collection = await requireCollection(tx, workspace.id, input.name, { forUpdate: true });
      await tx.siteGrants.replace(workspace.id, { resource: 'collection', collection: collection.name }, []);
      await tx.collections.delete(workspace.id, collection.name);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'collection.deleted',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'collection', id: collection.name },
      });
    });
  }
}
