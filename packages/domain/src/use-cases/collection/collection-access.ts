import { authorizeWorkspace } from '../../access/access-control';
import { collectionNotFound, workloadNotGranted } from '../../collection/collection.errors';
import type { DataCollection } from '../../collection/data-collection';
import type { Repositories } from '../../ports/repositories.port';
import { forbidden, notFound } from '../../shared/domain-error';
import type { CollectionAction } from '../../site-access/site-grant';
import type { Principal } from '../auth/principal';
import type { WorkloadPrincipal } from '../auth/workload-principal';

/**
 * Who may read collections: team members with `read`, and workload tokens
 * of the workspace, which see only what their grants open (supplement §3).
 * M2M tokens never. Returns the workload, or null for a team member.
 */
export async function authorizeCollectionRead(
  repos: Repositories,
  caller: Principal,
  workspaceId: string,
  now: Date,
): Promise<{ workspaceId: string; workload: WorkloadPrincipal | null }> {
  if (caller.kind === 'team') {
    const { workspace } = await authorizeWorkspace(repos, caller.userId, workspaceId, 'read', now);
    return { workspaceId: workspace.id, workload: null };
  }
  if (caller.kind !== 'workload') {
    throw forbidden('caller_kind_not_allowed', `data collections do not accept ${caller.kind} tokens`);
  }
  if (caller.workspaceId !== workspaceId.toLowerCase()) {
    throw forbidden('permission_denied', 'a workload token works only in its own workspace');
  }
  const workspace = await repos.workspaces.findById(caller.workspaceId);
  if (!workspace) throw notFound('workspace_not_found', 'no such workspace');
  return { workspaceId: workspace.id, workload: caller };
}

/** True when the workload holds `action` on the collection. */
export const workloadMay = (
  collection: DataCollection,
  workloadId: string,
  action: CollectionAction,
): boolean => collection.workloadGrants.some((g) => g.workloadId === workloadId && g.action === action);

/** The collection, or 404; for a workload caller, 403 unless it holds `action` on it. */
export async function requireCollection(
  repos: Repositories,
  workspaceId: string,
  name: string,
  options: { forUpdate?: boolean; workload?: WorkloadPrincipal | null; action?: CollectionAction } = {},
): Promise<DataCollection> {
  const collection = options.forUpdate
    ? await repos.collections.findForUpdate(workspaceId, name)
    : await repos.collections.find(workspaceId, name);
  if (!collection) throw collectionNotFound();
  if (options.workload && !workloadMay(collection, options.workload.workloadId, options.action ?? 'read')) {
    throw workloadNotGranted();
  }
  return collection;
}
