/** How a release's upload is published (spec: Release fields). */
export const RELEASE_BUNDLES = ['remote_entry', 'zip'] as const;
export type ReleaseBundle = (typeof RELEASE_BUNDLES)[number];

/**
 * Where a release is in its life (release.machine.ts):
 * `awaiting_upload` until content arrives, `uploaded` (content may be
 * replaced), `finalizing` while finalize unpacks it, then `published` or
 * `refused` for good.
 */
export const RELEASE_STATUSES = [
  'awaiting_upload',
  'uploaded',
  'finalizing',
  'published',
  'refused',
] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

/**
 * A release of a `shell_federated` app (supplement §9). The upload and the
 * published files are blobs: the upload under `uploadKey`, each published
 * file `<path>` at `<contentPrefix><path>`. A release promoted to another
 * app shares its source's content, so its prefix names the source's.
 */
export interface Release {
  readonly id: string;
  readonly workspaceId: string;
  readonly appId: string;
  readonly bundle: ReleaseBundle;
  readonly label: string | null;
  /** The size announced by `upload-url`; the upload must match it at finalize. */
  readonly sizeBytes: number;
  status: ReleaseStatus;
  /** The latest upload's blob; null before the first and after publishing. */
  uploadKey: string | null;
  uploadedBytes: number | null;
  /** Lowercase hex SHA-256 of the latest upload. */
  uploadSha256: string | null;
  readonly contentPrefix: string;
  /** Where `remoteEntry.js` sits among the published files. */
  entryPath: string | null;
  /** Identifies the published content: `sha256:<hex of the upload>`. */
  digest: string | null;
  /** What the published files take: what `files.bytes` counts while this release is current. */
  publishedBytes: number | null;
  /** The app's current release: the latest published. At most one per app. */
  current: boolean;
  /** Why finalize refused the upload (an error code); null otherwise. */
  refusal: string | null;
  readonly createdAt: Date;
  /** Content uploads are accepted until then. */
  readonly uploadExpiresAt: Date;
  uploadedAt: Date | null;
  publishedAt: Date | null;
}
