import { conflict, DomainError, invalid, malformed, notFound } from '../shared/domain-error';
import { Limits } from '../shared/limits';

/*
 * Release errors (spec: Errors, Apps and Files quota; supplement §9). The
 * app-level answers (400 not a shell app, 410 archived) are app.errors.ts's.
 */

/** 404: no release with this id for this app. */
export const releaseNotFound = () => notFound('release_not_found', 'no such release for this app');

/** 404: the app has no published release yet. */
export const noCurrentRelease = () =>
  notFound('current_release_not_found', 'the app has no published release yet');

/** 404: the public route knows no such published file. */
export const releaseFileNotFound = () =>
  notFound('release_file_not_found', 'no such file in a published release');

/** 422: `size_bytes` is required. */
export const releaseSizeRequired = () =>
  invalid('size_bytes_required', 'size_bytes is required: the size of the upload in bytes', [
    { field: 'size_bytes', message: 'required' },
  ]);

/** 422: `size_bytes` must be a whole number greater than 0. */
export const releaseSizeInvalid = () =>
  invalid('invalid_size_bytes', 'size_bytes must be a whole number greater than 0', [
    { field: 'size_bytes', message: 'must be a whole number greater than 0' },
  ]);

/** 413: `size_bytes` (or the uploaded content) is over 32 MiB. */
export const releaseTooLarge = () =>
  new DomainError(
    'invalid',
    'release_too_large',
    `a release upload is at most ${Limits.releaseUploadBytesMax} bytes (32 MiB)`,
    [{ field: 'size_bytes', message: `at most ${Limits.releaseUploadBytesMax}` }],
    undefined,
    413,
  );

/** 422: `bundle` is neither `remote_entry` nor `zip`. */
export const releaseBundleInvalid = () =>
  invalid('invalid_bundle', 'bundle must be remote_entry or zip', [
    { field: 'bundle', message: 'must be remote_entry or zip' },
  ]);

/** 422: `label` is over 120 characters or not one line. */
export const releaseLabelInvalid = () =>
  invalid('invalid_release_label', `label must be one line of at most ${Limits.releaseLabelMax} characters`, [
    { field: 'label', message: `one line of at most ${Limits.releaseLabelMax} characters` },
  ]);

/** 409: content PUT after the upload URL expired; ask for a new one. */
export const releaseUploadExpired = () =>
  conflict('release_upload_expired', 'the upload URL has expired; request a new one with upload-url');

/** 409: finalize before any content was uploaded. */
export const releaseNotUploaded = () =>
  conflict('release_not_uploaded', 'upload the content before finalizing the release');

/** 409: another finalize of this release is under way. */
export const releaseFinalizing = () =>
  conflict('release_finalizing', 'the release is being finalized by another request');

/** 409: a release is finalized once; a refused archive needs a new upload (a new release). */
export const releaseAlreadyFinalized = () =>
  conflict(
    'release_already_finalized',
    'the release was already finalized; request a new upload-url to publish other content',
  );

/** 400: the uploaded bytes differ from `size_bytes` (supplement §9). */
export const releaseSizeMismatch = (declared: number, uploaded: number) =>
  malformed(
    'size_mismatch',
    `size_bytes was ${declared} but ${uploaded} bytes were uploaded; upload the content again`,
  );

/** 409: no `remoteEntry.js` at the root of the zip or in its single top folder. */
export const remoteEntryMissing = () =>
  conflict(
    'remote_entry_missing',
    'no remoteEntry.js at the root of the archive or in its single top folder; upload a new release',
  );

/** 507: the upload would take the organization past its `files.bytes` limit (spec: Files quota). */
export const filesQuotaExceeded = (limit: number) =>
  new DomainError(
    'quota',
    'files_quota_exceeded',
    `this would take the organization past its files.bytes limit of ${limit} bytes`,
  );
