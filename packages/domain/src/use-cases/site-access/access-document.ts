import type { App, AppVisibility } from '../../app/app';
import { PRODUCT_APP_KINDS } from '../../app/app';
import type { Repositories } from '../../ports/repositories.port';
import { listedLaunchGrants, listedVisibility } from '../../site-access/app-visibility.policy';
import type { AppGrant, CollectionGrant, FilesGrant, SiteGrant } from '../../site-access/site-grant';
import { type SiteRole, siteRoleCatalog } from '../../site-access/site-role';

/** The spec's Access read, `{workspace_id, roles, apps, vault_grants, files_grants, app_grants}`. */
export interface AccessDocument {
  readonly workspaceId: string;
  readonly roles: SiteRole[];
  readonly apps: { readonly id: string; readonly name: string; readonly visibility: AppVisibility }[];
  readonly vaultGrants: CollectionGrant[];
  readonly filesGrants: FilesGrant[];
  readonly appGrants: AppGrant[];
}

/**
 * The apps Access covers: every active product app, oldest first. Not capped
 * at the app list's 200: `app_grants: []` restricts every product app (PUT
 * rule 4), and a grant may name any of them.
 */
export function launchableApps(repos: Repositories, workspaceId: string): Promise<App[]> {
  return repos.apps.list({ workspaceId, kinds: PRODUCT_APP_KINDS, includeArchived: false });
}

/**
 * The workspace's grants seen whole, each list in the order it was sent
 * (PUT rule 1). App grants are those saved for the apps Access covers, with
 * the roles that launch a `workspace` app without a saved grant
 * (`listedLaunchGrants`), and `apps[].visibility` says whether every
 * non-admin role can launch the app: sending this document back unchanged
 * changes nothing a user could notice.
 */
export async function readAccessDocument(repos: Repositories, workspaceId: string): Promise<AccessDocument> {
  const [roles, apps, grants] = await Promise.all([
    siteRoleCatalog(repos, workspaceId),
    launchableApps(repos, workspaceId),
    repos.siteGrants.list(workspaceId),
  ]);
  const of = <R extends SiteGrant['resource']>(resource: R) =>
    grants.filter((g): g is Extract<SiteGrant, { resource: R }> => g.resource === resource);
  const saved = of('app');
  const appGrants = listedLaunchGrants(apps, roles, saved);
  const appViews = apps.map((app) => ({
    id: app.id,
    name: app.name,
    visibility: listedVisibility(
      app,
      roles,
      saved.filter((g) => g.appId === app.id),
    ),
  }));
  return {
    workspaceId,
    roles,
    apps: appViews,
    vaultGrants: of('collection'),
    filesGrants: of('files'),
    appGrants,
  };
}
