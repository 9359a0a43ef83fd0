import {
  conflict,
  DomainError,
  type ErrorKind,
  invalid,
  malformed,
  notFound,
  unavailable,
} from '../shared/domain-error';

/*
 * Errors of the code-execution proxy and the workload deploy and run routes
 * (supplement §12, §13). Statuses come from the kinds, except where the
 * supplement names another one (error-map.ts lists those beside the table).
 */

/** 503: `CODERUNNER_URL` is unset on this installation. */
export const coderunnerNotConfigured = () =>
  unavailable(
    'coderunner_not_configured',
    'no code-execution service is configured on this installation (CODERUNNER_URL)',
  );

/** 502: the service could not be reached, or answered 5xx. */
export const coderunnerUnavailable = (why: string) =>
  unavailable('coderunner_unavailable', `the code-execution service ${why}; retry later`);

/** 504: no answer within the time-out (30 seconds unless configured otherwise). */
export const coderunnerTimeout = () =>
  unavailable('coderunner_timeout', 'the code-execution service did not answer in time');

/** 502: a 2xx the upstream contract does not describe (docs/upstreams.md). */
export const coderunnerInvalidAnswer = (what: string) =>
  unavailable('coderunner_invalid_answer', `the code-execution service answered without ${what}`);

/**
 * An upstream 4xx, passed through with its status and message (supplement
 * §13). The statuses a client is likely to act on have a code of their own,
 * so clients can match on it; every other 4xx is `coderunner_rejected`, its
 * status still the upstream's. The kind is only the family: the status wins.
 */
export const PASSED_THROUGH: Readonly<Record<number, { code: string; kind: ErrorKind }>> = {
  400: { code: 'coderunner_bad_request', kind: 'malformed' },
  403: { code: 'coderunner_forbidden', kind: 'forbidden' },
  404: { code: 'coderunner_not_found', kind: 'not_found' },
  409: { code: 'coderunner_conflict', kind: 'conflict' },
  410: { code: 'coderunner_gone', kind: 'gone' },
  413: { code: 'coderunner_too_large', kind: 'invalid' },
  422: { code: 'coderunner_unprocessable', kind: 'invalid' },
  429: { code: 'coderunner_rate_limited', kind: 'rate_limited' },
};
/** Any other 4xx (401, 405, 407, 408, 415, …). */
const REJECTED = { code: 'coderunner_rejected', kind: 'invalid' } as const;

/** The upstream's own words for a 4xx, or a plain sentence when it gave none. */
export const coderunnerRejected = (status: number, message: string, retryAfterSeconds?: number) => {
  const passed = PASSED_THROUGH[status] ?? REJECTED;
  const detail = message.trim() || `the code-execution service refused the request (${status})`;
  const retry = status === 429 ? Math.max(1, retryAfterSeconds ?? 1) : undefined;
  return new DomainError(passed.kind, passed.code, detail, [], retry, status);
};

/** 400: only `standalone` and legacy `coderunner` apps have code-execution routes. */
export const appKindHasNoCoderunner = () =>
  malformed(
    'app_kind_has_no_coderunner',
    'the code-execution proxy applies to standalone and coderunner apps only',
  );

/** 404: a version id (in the path) that no upstream id could be. */
export const coderunnerIdNotFound = (what: string) =>
  notFound('coderunner_not_found', `no such ${what} in the code-execution service`);

/** 409: a step that needs a definition before one was created for the app. */
export const coderunnerNoDefinition = () =>
  conflict('coderunner_no_definition', 'create a definition first (POST …/coderunner/definition)');

/** 409: deploy without a version named or recorded. */
export const coderunnerNoVersion = () =>
  conflict('coderunner_no_version', 'upload code first, or name the version to deploy');

/** 409: spec, Other named states: a version must reach Completed (3) before deploy. */
export const coderunnerVersionNotReady = (status: string) =>
  conflict(
    'coderunner_version_not_ready',
    `the version is ${status}; deploy once it is Completed (3): poll GET …/versions/{versionId}`,
  );

/** 409: run with neither a deployment nor a definition to run once. */
export const coderunnerNothingToRun = () =>
  conflict('coderunner_not_deployed', 'nothing to run yet: deploy a version first');

/** 422: spec, Code-execution proxy: the workloads deploy route rejects `inject_secret_keys`. */
export const secretInjectionDisabled = () =>
  invalid(
    'secret_injection_disabled',
    'deploy-time secret injection is off platform-wide; read secrets at run time with an M2M client holding secrets:read',
    [{ field: 'inject_secret_keys', message: 'not accepted' }],
  );

/** 422: a `deployment_url` that is not the invoke URL of the deployment it runs. */
export const deploymentUrlMismatch = () =>
  invalid(
    'deployment_url_mismatch',
    "deployment_url must be the deployment's externalEndpoint (the control plane's credentials go with the request)",
    [{ field: 'deployment_url', message: "not the deployment's externalEndpoint" }],
  );

/** 422: the uploaded file is not a ZIP archive. */
export const codeNotZip = () =>
  invalid('code_not_zip', 'file must be a ZIP archive', [{ field: 'file', message: 'not a ZIP archive' }]);

/** 422: a definition or upload field out of range (`invalid_description`, `invalid_deployment_type`, …). */
export const invalidCoderunnerField = (code: string, field: string, message: string) =>
  invalid(code, `${field} ${message}`, [{ field, message }]);

/** 413: a code upload over `Limits.codeUploadBytesMax` (error-map.ts lists the status). */
export const codeUploadTooLarge = (maxBytes: number) =>
  invalid('code_upload_too_large', `a code upload is at most ${maxBytes} bytes`, [
    { field: 'file', message: `at most ${maxBytes} bytes` },
  ]);

/** 422: the upload is not the multipart form the route takes; `why` says how. */
export const invalidUpload = (why: string) =>
  invalid(
    'invalid_upload',
    `send multipart/form-data with one file field \`file\` (a ZIP) and an optional \`Description\`: ${why}`,
  );
