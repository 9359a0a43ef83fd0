import type { ErrorKind } from '@groundfloor/domain';

/**
 * The one table from domain error kinds to HTTP statuses (supplement §2).
 * Where the spec names another status for a specific code, it is listed
 * beside the table rather than decided in a route.
 */
export const STATUS_BY_KIND: Readonly<Record<ErrorKind, number>> = {
  malformed: 400,
  invalid: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  rate_limited: 429,
  unavailable: 502,
  quota: 507,
};

/** Spec exceptions to the kind table, by stable code. */
export const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  // Spec, Errors (Apps): `size_bytes` or a release upload over 32 MiB.
  release_too_large: 413,
  // Spec, Errors (Sign-in): setting a (generated) password timed out; it may or may not be set.
  password_save_timeout: 504,
  // Supplement §1, §13: no code-execution service configured; the upstream did not answer in time.
  coderunner_not_configured: 503,
  coderunner_timeout: 504,
  // A code upload over its cap (docs/upstreams.md).
  code_upload_too_large: 413,
};

export const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  507: 'Insufficient Storage',
};
