import type { DataCollection, WorkloadGrant } from '../../collection/data-collection';
import type { Repositories } from '../../ports/repositories.port';
import type { CollectionAction } from '../../site-access/site-grant';

/** Supplement §17: `{grants: [{role, action}], workload_grants: [{coderunner_id, action}]}`. */
export interface CollectionAcl {
  readonly grants: { readonly role: string; readonly action: CollectionAction }[];
  readonly workloadGrants: WorkloadGrant[];
}

/** The collection's slice of the workspace's site-role grants, with its workload grants. */
export async function readCollectionAcl(
  repos: Repositories,
  collection: DataCollection,
): Promise<CollectionAcl> {
  const grants = await repos.siteGrants.list(collection.workspaceId, {
    resource: 'collection',
    collection: collection.name,
  });
  return {
    grants: grants.flatMap((g) => (g.resource === 'collection' ? [{ role: g.role, action: g.action }] : [])),
    workloadGrants: collection.workloadGrants,
  };
}
