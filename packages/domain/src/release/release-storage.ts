/**
 * Where a release's bytes live in the blob store: its uploads and its
 * published files, all under one folder per release, so a refused or
 * abandoned release is removed with one prefix deletion.
 */
export const releaseStorage = {
  folder: (releaseId: string) => `releases/${releaseId}/`,
  files: (releaseId: string) => `releases/${releaseId}/files/`,
  /** Each upload gets its own key, so a late upload never overwrites the one being finalized. */
  upload: (releaseId: string, uploadId: string) => `releases/${releaseId}/uploads/${uploadId}`,
} as const;
