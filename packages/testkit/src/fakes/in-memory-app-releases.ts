import type { AppReleases, PublishedRelease, Release } from '@groundfloor/domain';
import type { InMemoryTables } from './in-memory-repositories';

/** What apps see of a published release. */
export function publishedView(r: Release): PublishedRelease {
  return {
    releaseId: r.id,
    appId: r.appId,
    label: r.label,
    entryPath: r.entryPath as string,
    digest: r.digest as string,
  };
}

/** Apps' view of the release table; mirrors `TypeormAppReleases`. */
export class InMemoryAppReleases implements AppReleases {
  constructor(private readonly t: () => InMemoryTables) {}
  async findCurrent(appId: string) {
    for (const r of this.t().releases.values())
      if (r.appId === appId && r.current && r.status === 'published') return publishedView(r);
    return null;
  }
  async findPublished(appId: string, releaseId: string) {
    const r = this.t().releases.get(releaseId);
    return r && r.appId === appId && r.status === 'published' ? publishedView(r) : null;
  }
  async publishCopy(release: PublishedRelease, targetAppId: string, newReleaseId: string, at: Date) {
    const source = this.t().releases.get(release.releaseId);
    if (!source) throw new Error(`no release ${release.releaseId}`);
    for (const r of this.t().releases.values()) if (r.appId === targetAppId) r.current = false;
    const copy: Release = {
      ...structuredClone(source),
      id: newReleaseId,
      appId: targetAppId,
      uploadKey: null,
      current: true,
      createdAt: at,
      publishedAt: at,
    };
    this.t().releases.set(newReleaseId, copy);
    return publishedView(copy);
  }
}
