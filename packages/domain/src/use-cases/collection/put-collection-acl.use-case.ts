import { authorizeWorkspaceChange } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import { withAdminFallback } from '../../collection/admin-only';
import type { WorkloadGrant } from '../../collection/data-collection';
import type { Repositories } from '../../ports/repositories.port';
import {
  GrantableRoles,
  type RoleGrantInput,
  requireOneCollectionGrants,
} from '../../site-access/grant-input';
import { invalidGrantAction } from '../../site-access/site-access.errors';
import { COLLECTION_ACTIONS, type CollectionAction } from '../../site-access/site-grant';
import { siteRoleCatalog } from '../../site-access/site-role';
import { workloadArchived, workloadNotFound } from '../../workload/workload.errors';
import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { requireTeamCaller } from '../site-access/team-caller';
import { requireCollection } from './collection-access';
import { type CollectionAcl, readCollectionAcl } from './collection-acl';

export interface WorkloadGrantInput {
  readonly workloadId: string;
  readonly action: string;
}

/**
 * Each workload grant names an active workload of the workspace (404 / 409)
 * and a collection action (422). A grant the collection already holds may
 * be sent back though its workload was archived since: the ACL as read goes
 * back unchanged (an archived workload's token works nowhere anyway).
 */
async function requireWorkloadGrants(
  repos: Repositories,
  workspaceId: string,
  list: readonly WorkloadGrantInput[],
  held: readonly WorkloadGrant[],
): Promise<WorkloadGrant[]> {
  const grants = new Map<string, WorkloadGrant>();
  for (const [i, g] of list.entries()) {
    const field = `workload_grants[${i}]`;
    if (!(COLLECTION_ACTIONS as readonly string[]).includes(g.action)) {
      throw invalidGrantAction(`${field}.action`, COLLECTION_ACTIONS);
    }
    const workload = await repos.workloads.findById(workspaceId, g.workloadId);
    if (!workload) throw workloadNotFound(`${field}.coderunner_id`);
    const kept = held.some((h) => h.workloadId === workload.id && h.action === g.action);
    if (workload.status === 'archived' && !kept) throw workloadArchived(`${field}.coderunner_id`);
    grants.set(`${g.workloadId} ${g.action}`, {
      workloadId: workload.id,
      action: g.action as CollectionAction,
    });
  }
  return [...grants.values()];
}

/**
 * Supplement §17, PUT …/acl (ddl): replaces the site-role grants as sent
 * and keeps the workload grants unless `workloadGrants` is sent. These
 * are the collection's rows of the Access document's `vault_grants`, so the
 * same rule holds: left with no site-role grant, it falls back to
 * admin-only.
 */
export class PutCollectionAcl {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    caller: Principal;
    workspaceId: string;
    name: string;
    grants: readonly RoleGrantInput[];
    workloadGrants?: readonly WorkloadGrantInput[];
    context: RequestContext;
  }): Promise<CollectionAcl> {
    const { userId } = requireTeamCaller(input.caller);
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        userId,
        input.workspaceId,
        'ddl',
        now,
      );
      await tx.workspaces.findByIdForUpdate(workspace.id);
      const collection = await requireCollection(tx, workspace.id, input.name, { forUpdate: true });
      const [catalog, stored] = await Promise.all([
        siteRoleCatalog(tx, workspace.id),
        tx.siteGrants.list(workspace.id, { resource: 'collection', collection: collection.name }),
      ]);
      const grants = requireOneCollectionGrants(
        input.grants,
        new GrantableRoles(catalog, stored),
        collection.name,
        'grants',
      );
      const workloadGrants =
        input.workloadGrants === undefined
          ? null
          : await requireWorkloadGrants(tx, workspace.id, input.workloadGrants, collection.workloadGrants);
      await tx.siteGrants.replace(
        workspace.id,
        { resource: 'collection', collection: collection.name },
        withAdminFallback([collection.name], grants),
      );
      if (workloadGrants !== null) {
        collection.workloadGrants = workloadGrants;
        await tx.collections.update(collection);
      }
      const acl = await readCollectionAcl(tx, collection);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'collection.acl_updated',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'collection', id: collection.name },
        details: {
          grants: acl.grants.map((g) => `${g.role}:${g.action}`),
          workload_grants: workloadGrants === null ? 'unchanged' : acl.workloadGrants.length,
        },
      });
      return acl;
    });
  }
}
