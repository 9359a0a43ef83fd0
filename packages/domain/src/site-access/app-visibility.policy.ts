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

const launchGrant = (app: Pick<App, 'id'>, role: SiteRole): AppGrant => ({
  resource: 'app',
  role: role.name,
  appId: app.id,
  action: 'read',
});

/**
 * The launch grants the Access document lists for its apps: those saved, in
 * the order saved (PUT rule 1), then for each `workspace` app the roles
 * that launch it without a saved grant. Anyone who can read the workspace
 * may launch such an app (App access rules), so the list must say every
 * non-admin role launches it, or the document sent back would restrict it
 * (rule 6): every role for an app nobody has set grants on; for one whose
 * grants were set on the app's own route, or that predates a role, the
 * non-admin roles missing. `admin` only as saved: leaving it out of an
 * Access PUT removes its grant (rule 1).
 */
export function listedLaunchGrants(
  apps: readonly Pick<App, 'id' | 'visibility'>[],
  catalog: readonly SiteRole[],
  saved: readonly AppGrant[],
): AppGrant[] {
  const covered = new Set(apps.map((app) => app.id));
  const own = saved.filter((g) => covered.has(g.appId));
  const implied = apps
    .filter((app) => app.visibility === 'workspace')
    .flatMap((app) => {
      const granted = new Set(own.filter((g) => g.appId === app.id).map((g) => g.role));
      const missing =
        granted.size === 0
          ? catalog
          : catalog.filter((r) => r.name !== ADMIN_SITE_ROLE && !granted.has(r.name));
      return missing.map((role) => launchGrant(app, role));
    });
  return [...own, ...implied];
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
