import { authorizeWorkspaceChange } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import { withAdminFallback } from '../../collection/admin-only';
import { deriveVisibility, listedLaunchGrants } from '../../site-access/app-visibility.policy';
import {
  type AppGrantInput,
  type CollectionGrantInput,
  GrantableRoles,
  type RoleGrantInput,
  requireAppGrants,
  requireCollectionGrants,
  requireFilesGrants,
} from '../../site-access/grant-input';
import { distinctGrants } from '../../site-access/site-grant';
import { siteRoleCatalog } from '../../site-access/site-role';
import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { type AccessDocument, launchableApps, readAccessDocument } from './access-document';
import { requireTeamCaller } from './team-caller';

const sameRoles = (a: readonly { role: string }[], b: readonly { role: string }[]) => {
  const roles = new Set(a.map((g) => g.role));
  const others = new Set(b.map((g) => g.role));
  return roles.size === others.size && [...roles].every((role) => others.has(role));
};

export interface PutAccessInput {
  readonly caller: Principal;
  readonly workspaceId: string;
  /** Rule 2: absent is `[]`. */
  readonly vaultGrants?: readonly CollectionGrantInput[];
  /** Rule 3: absent is `[]`. */
  readonly filesGrants?: readonly RoleGrantInput[];
  /** Rule 4: absent or null leaves app launch as it is; `[]` restricts every product app. */
  readonly appGrants?: readonly AppGrantInput[] | null;
  readonly context: RequestContext;
}

/**
 * Spec, Access, PUT (ddl), rules 1 to 8. Every list is checked before
 * anything is written; the grants are saved as sent (each once), workload
 * grants stay on their collections (rule 5), and `admin` is a role like any
 * other (rule 7). Answers the document as it now reads.
 */
export class PutAccess {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: PutAccessInput): Promise<AccessDocument> {
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
      // One Access change at a time per workspace: a replace is delete-then-insert.
      await tx.workspaces.findByIdForUpdate(workspace.id);
      const [catalog, collections, apps, grants] = await Promise.all([
        siteRoleCatalog(tx, workspace.id),
        tx.collections.listByWorkspace(workspace.id),
        launchableApps(tx, workspace.id),
        tx.siteGrants.list(workspace.id),
      ]);
      const names = collections.map((c) => c.name);
      const grantable = new GrantableRoles(catalog, grants);
      const vault = requireCollectionGrants(
        input.vaultGrants ?? [],
        grantable,
        new Set(names),
        'vault_grants',
      );
      const files = requireFilesGrants(input.filesGrants ?? [], grantable, 'files_grants');
      const launch =
        input.appGrants == null
          ? null
          : requireAppGrants(input.appGrants, grantable, new Set(apps.map((a) => a.id)), 'app_grants');

      // Rule 2: a collection left with no site-role grant falls back to admin-only.
      await tx.siteGrants.replace(workspace.id, { resource: 'collection' }, withAdminFallback(names, vault));
      await tx.siteGrants.replace(workspace.id, { resource: 'files' }, files);
      if (launch !== null) {
        // One replace for every app, so the grants keep the order they were sent in.
        await tx.siteGrants.replace(
          workspace.id,
          apps.map((app) => ({ resource: 'app', appId: app.id })),
          launch,
        );
        // What the document listed before this PUT: an app sent back with the
        // roles it listed keeps its visibility, so that a document sent back
        // unchanged changes nothing (a `restricted` app granted to every role
        // lists as `workspace`, yet stays restricted to the roles it has).
        const listed = listedLaunchGrants(
          apps,
          catalog,
          grants.filter((g) => g.resource === 'app'),
        );
        for (const app of apps) {
          const granted = launch.filter((g) => g.appId === app.id);
          const sentBack = sameRoles(
            granted,
            listed.filter((g) => g.appId === app.id),
          );
          if (sentBack) continue;
          // Rule 6: every non-admin role granted launch keeps the app `workspace`.
          const visibility = deriveVisibility(
            catalog,
            granted.map((g) => g.role),
          );
          if (visibility !== app.visibility) {
            // Locked and read again, so a concurrent PATCH of the app is not undone.
            const current = await tx.apps.findByIdForUpdate(workspace.id, app.id);
            if (current) await tx.apps.save({ ...current, visibility, updatedAt: now });
          }
        }
      }
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'access.updated',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'workspace', id: workspace.id },
        details: {
          vault_grants: distinctGrants(vault).length,
          files_grants: distinctGrants(files).length,
          app_grants: launch === null ? 'unchanged' : distinctGrants(launch).length,
        },
      });
      return readAccessDocument(tx, workspace.id);
    });
  }
}
