import type { App } from '../../app/app';
import { PRODUCT_APP_KINDS } from '../../app/app';
import { appNotFound } from '../../app/app.errors';
import type { Repositories } from '../../ports/repositories.port';
import { forbidden, notFound } from '../../shared/domain-error';
import type { AppGrant } from '../../site-access/site-grant';
import type { Workspace } from '../../workspace/workspace';
import type { AppUserPrincipal } from '../auth/app-user-principal';

/**
 * Whether an app user may launch the app (spec, App access rules): an
 * active product app whose visibility is `workspace` (anyone of the
 * workspace), or `restricted` with a launch grant to one of the user's roles.
 */
export function appUserMayLaunch(app: App, roles: readonly string[], grants: readonly AppGrant[]): boolean {
  if (app.status !== 'active' || !PRODUCT_APP_KINDS.includes(app.kind)) return false;
  if (app.visibility === 'workspace') return true;
  return grants.some((g) => g.appId === app.id && roles.includes(g.role));
}

/** An app user's token works only in its own workspace. */
export async function appUserWorkspace(
  repos: Repositories,
  caller: AppUserPrincipal,
  workspaceId: string,
): Promise<Workspace> {
  if (caller.workspaceId !== workspaceId.toLowerCase()) {
    throw forbidden('permission_denied', "an app user's token works only in its own workspace");
  }
  const workspace = await repos.workspaces.findById(caller.workspaceId);
  if (!workspace) throw notFound('workspace_not_found', 'no such workspace');
  return workspace;
}

/** The app if the app user may launch it; otherwise 404, as if it were not there for them. */
export async function requireLaunchable(
  repos: Repositories,
  caller: AppUserPrincipal,
  app: App,
): Promise<App> {
  const grants = (await repos.siteGrants.list(app.workspaceId, {
    resource: 'app',
    appId: app.id,
  })) as AppGrant[];
  if (!appUserMayLaunch(app, caller.roles, grants)) throw appNotFound();
  return app;
}

/** The apps of the list an app user may launch. */
export async function launchableOnly(
  repos: Repositories,
  caller: AppUserPrincipal,
  apps: readonly App[],
): Promise<App[]> {
  if (apps.length === 0) return [];
  const grants = (await repos.siteGrants.list(caller.workspaceId, { resource: 'app' })) as AppGrant[];
  return apps.filter((app) => appUserMayLaunch(app, caller.roles, grants));
}
