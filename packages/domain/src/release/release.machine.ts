import type { ReleaseStatus } from './release';
import { releaseAlreadyFinalized, releaseFinalizing, releaseNotUploaded } from './release.errors';

/**
 * `upload`: PUT content. `finalize`: POST finalize starts unpacking.
 * `publish` / `refuse`: how unpacking ended. `abandon`: finalize stopped
 * for a reason that is not the upload's fault (quota, archived app), so
 * the upload may be finalized again.
 */
export type ReleaseEvent = 'upload' | 'finalize' | 'publish' | 'refuse' | 'abandon';

type Refusal = 'release_not_uploaded' | 'release_finalizing' | 'release_already_finalized';

export interface ReleaseTransition {
  readonly from: ReleaseStatus;
  readonly on: ReleaseEvent;
  readonly to?: ReleaseStatus;
  /** The 409 the row answers instead. */
  readonly refused?: Refusal;
}

/**
 * Supplement §9 and the spec's finalize rules as a table: content may be
 * replaced until finalize; a release is finalized once, so a refused
 * archive needs a new upload (a new release).
 */
export const RELEASE_TRANSITIONS: readonly ReleaseTransition[] = [
  { from: 'awaiting_upload', on: 'upload', to: 'uploaded' },
  { from: 'uploaded', on: 'upload', to: 'uploaded' },
  { from: 'finalizing', on: 'upload', refused: 'release_finalizing' },
  { from: 'published', on: 'upload', refused: 'release_already_finalized' },
  { from: 'refused', on: 'upload', refused: 'release_already_finalized' },
  { from: 'awaiting_upload', on: 'finalize', refused: 'release_not_uploaded' },
  { from: 'uploaded', on: 'finalize', to: 'finalizing' },
  { from: 'finalizing', on: 'finalize', refused: 'release_finalizing' },
  { from: 'published', on: 'finalize', refused: 'release_already_finalized' },
  { from: 'refused', on: 'finalize', refused: 'release_already_finalized' },
  { from: 'finalizing', on: 'publish', to: 'published' },
  { from: 'finalizing', on: 'refuse', to: 'refused' },
  { from: 'finalizing', on: 'abandon', to: 'uploaded' },
];

const REFUSALS: Readonly<Record<Refusal, () => Error>> = {
  release_not_uploaded: releaseNotUploaded,
  release_finalizing: releaseFinalizing,
  release_already_finalized: releaseAlreadyFinalized,
};

/** The release's next status; throws the row's refusal, or a plain error for a pair no row allows. */
export function transitionRelease(current: ReleaseStatus, event: ReleaseEvent): ReleaseStatus {
  const row = RELEASE_TRANSITIONS.find((r) => r.from === current && r.on === event);
  if (!row) throw new Error(`no release transition from ${current} on ${event}`);
  if (row.refused) throw REFUSALS[row.refused]();
  return row.to as ReleaseStatus;
}
