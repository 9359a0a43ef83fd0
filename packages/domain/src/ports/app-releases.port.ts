/**
 * A published release as apps see it: the Shell bootstrap, compare and
 * promote need no more of the release module than this.
 */
export interface PublishedRelease {
  readonly releaseId: string;
  readonly appId: string;
  readonly label: string | null;
  /** Where `remoteEntry.js` sits inside the published bundle, e.g. `remoteEntry.js` or `dist/remoteEntry.js`. */
  readonly entryPath: string;
  /** Identifies the published content: two releases with one digest serve the same bundle. */
  readonly digest: string;
}

/**
 * The seam between apps and releases. The release module (upload,
 * finalize, blobs) implements it; until it does, adapters know no release:
 * bootstraps carry `release: null` and promoting a release reports
 * `release_not_found`. Part of `Repositories`, so promotion publishes in
 * the same transaction as the app changes it goes with.
 */
export interface AppReleases {
  /** The app's current published release; null when it has none. */
  findCurrent(appId: string): Promise<PublishedRelease | null>;
  /** A published (finalized) release of the app; null for any other id. */
  findPublished(appId: string, releaseId: string): Promise<PublishedRelease | null>;
  /**
   * Publishes the content of `release` (another app's) as a new release of
   * `targetAppId` with id `newReleaseId`, and makes it that app's current
   * release. Returns the new release.
   */
  publishCopy(
    release: PublishedRelease,
    targetAppId: string,
    newReleaseId: string,
    at: Date,
  ): Promise<PublishedRelease>;
}
