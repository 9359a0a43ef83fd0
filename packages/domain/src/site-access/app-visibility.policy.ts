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
 * What the Access document lists for a `workspace` app nobody has set
 * launch grants on yet: every catalog role, since anyone who can read the
 * workspace may launch it. Grants that were set are listed as saved.
 */
export function everyRoleLaunches(app: Pick<App, 'id'>, catalog: readonly SiteRole[]): AppGrant[] {
  return catalog.map((r) => ({ resource: 'app', role: r.name, appId: app.id, action: 'read' }));
}

/**
 * Spec, Access: `workspace` when every non-admin site role can launch the
 * app. On a `workspace` app everyone can (App access rules); on a
 * `restricted` one, the roles granted launch.
 */
export function listedVisibility(
  app: Pick<App, 'visibility'>,
  catalog: readonly SiteRole[],
  launch: readonly AppGrant[],
): AppVisibility {
  if (app.visibility === 'workspace') return 'workspace';
  return deriveVisibility(
    catalog,
    launch.map((g) => g.role),
  );
}
