import { invalid } from '../shared/domain-error';

/*
 * Promotion refuses a malformed request whole (422); a pair that cannot be
 * promoted is reported in `failed` with one of PAIR_FAILURES as its error,
 * and the other pairs still go ahead.
 */

/** 422: more pairs than one request may carry. */
export const tooManyPairs = (max: number) =>
  invalid('too_many_pairs', `at most ${max} pairs per promotion`, [
    { field: 'pairs', message: `at most ${max}` },
  ]);

/** 422: two pairs name the same source app, or the same target app. */
export const duplicatePair = (field: string) =>
  invalid('duplicate_pair', `${field} appears in more than one pair`, [
    { field, message: 'appears in more than one pair' },
  ]);

/** Why one pair was not promoted (besides the app and workload error codes it can also carry). */
export const PAIR_FAILURES = {
  notInSourceEnvironment: 'app_not_in_source_environment',
  targetNotFound: 'target_app_not_found',
  notInTargetEnvironment: 'target_app_not_in_target_environment',
  kindMismatch: 'app_kind_mismatch',
  /** The app the source was promoted to before is another pair's target in this request. */
  targetInAnotherPair: 'target_app_in_another_pair',
  releaseNotFound: 'release_not_found',
  /** The release would take the organization past its `files.bytes` limit (the 507 of an upload). */
  filesQuotaExceeded: 'files_quota_exceeded',
} as const;
