import type { App } from '../../app/app';
import type { PublishedRelease } from '../../ports/app-releases.port';
import type { Repositories } from '../../ports/repositories.port';
import type { PlatformSettings } from '../../shared/settings';

/** The release a Shell host loads: its remote entry is served from the public release route. */
export interface ShellRelease {
  readonly releaseId: string;
  readonly label: string | null;
  readonly remoteEntryUrl: string;
}

/**
 * What a Shell host needs to mount a `shell_federated` app: the app and
 * its current published release (null until one is published).
 */
export interface ShellConfig {
  readonly app: App;
  readonly release: ShellRelease | null;
}

/** `<PUBLIC_BASE_URL>/v1/public/releases/<release id>/<entry path>`, each path segment escaped. */
export function remoteEntryUrl(
  settings: Pick<PlatformSettings, 'publicBaseUrl'>,
  release: PublishedRelease,
): string {
  const path = release.entryPath.split('/').map(encodeURIComponent).join('/');
  return `${settings.publicBaseUrl}/v1/public/releases/${encodeURIComponent(release.releaseId)}/${path}`;
}

export async function shellConfigOf(
  repos: Repositories,
  settings: Pick<PlatformSettings, 'publicBaseUrl'>,
  app: App,
): Promise<ShellConfig> {
  const current = await repos.appReleases.findCurrent(app.id);
  const release = current
    ? {
        releaseId: current.releaseId,
        label: current.label,
        remoteEntryUrl: remoteEntryUrl(settings, current),
      }
    : null;
  return { app, release };
}
