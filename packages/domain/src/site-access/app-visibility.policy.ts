import type { App, AppVisibility } from '../app/app';
import type { AppGrant } from './site-grant';
import { ADMIN_SITE_ROLE, type SiteRole } from './site-role';

/**
 * Spec, Access: an app reads `workspace` when every non-admin site role of
 * the catalog can launch it, otherwise `restricted` (PUT rule 6).
 */
export function deriveVisibility(
  catalog: readonly SiteRole[],
  launchRoles: readonly string[],
): AppVisibility {
  const launching = new Set(launchRoles);
  return catalog.every((r) => r.name === ADMIN_SITE_ROLE || launching.has(r.name))
    ? 'workspace'
    : 'restricted';
}

/**
 * Who may launch the app, as grants: on a `workspace` app every catalog
 * role (anyone who can read the workspace may launch it); on a `restricted`
 * app only the roles granted launch.
 */
export function effectiveLaunchGrants(
  app: Pick<App, 'id' | 'visibility'>,
  catalog: readonly SiteRole[],
  stored: readonly AppGrant[],
): AppGrant[] {
  if (app.visibility === 'restricted') return stored.filter((g) => g.appId === app.id);
  return catalog.map((r) => ({ resource: 'app', role: r.name, appId: app.id, action: 'read' }));
}
