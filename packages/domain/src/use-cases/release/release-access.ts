import type { App } from '../../app/app';
import { appNotShellFederated } from '../../app/app.errors';
import type { Organization } from '../../organization/organization';
import type { Repositories } from '../../ports/repositories.port';
import { limitFor } from '../../quota/plan-limits';
import type { Release } from '../../release/release';
import { releaseNotFound } from '../../release/release.errors';
import type { PlatformSettings } from '../../shared/settings';
import { requireActiveApp, requireApp } from '../app/app-lookup';

/**
 * The app of a release route (spec: Releases): 404 when it is not the
 * workspace's, 400 when it is not `shell_federated`, 410 when archived.
 */
export async function requireReleaseApp(
  repos: Repositories,
  workspaceId: string,
  appId: string,
  options: { forUpdate?: boolean } = {},
): Promise<App> {
  const app = await requireApp(repos, workspaceId, appId, options);
  if (app.kind !== 'shell_federated') throw appNotShellFederated();
  return requireActiveApp(app);
}

/** A release of the app; 404 `release_not_found` otherwise. */
export async function requireRelease(
  repos: Repositories,
  appId: string,
  releaseId: string,
  options: { forUpdate?: boolean } = {},
): Promise<Release> {
  const release = options.forUpdate
    ? await repos.releases.findByIdForUpdate(appId, releaseId)
    : await repos.releases.findById(appId, releaseId);
  if (!release) throw releaseNotFound();
  return release;
}

/**
 * How many bytes the app's next current release may take before the
 * organization passes its `files.bytes` limit (null: no limit). The app's
 * current release does not count: the new one replaces it. `appId` null:
 * an app whose releases do not count now (one being created, or restored).
 */
export async function filesQuotaRoom(
  repos: Repositories,
  settings: Pick<PlatformSettings, 'planLimits'>,
  organization: Organization,
  appId: string | null,
): Promise<number | null> {
  const limit = limitFor(
    settings.planLimits,
    organization.planTier,
    organization.limitOverrides,
    'files.bytes',
  );
  if (limit === null) return null;
  const [used, current] = await Promise.all([
    repos.releases.sumActiveBytes(organization.id),
    appId === null ? null : repos.releases.findCurrent(appId),
  ]);
  return limit - (used - (current?.publishedBytes ?? 0));
}

/** The limit itself, for the 507's message. */
export function filesLimit(
  settings: Pick<PlatformSettings, 'planLimits'>,
  organization: Organization,
): number {
  return (
    limitFor(settings.planLimits, organization.planTier, organization.limitOverrides, 'files.bytes') ?? 0
  );
}
