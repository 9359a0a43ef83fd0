/**
 * The closed set of failure kinds. The HTTP adapter maps each kind to one
 * status in a single table; nothing maps on class identity or message text.
 */
export type ErrorKind =
  | 'malformed'
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'rate_limited'
  | 'unavailable'
  | 'quota';

export interface FieldError {
  readonly field: string;
  readonly message: string;
}

/**
 * Every failure the domain reports. `code` is stable snake_case and is what
 * clients match on; `detail` is for people and never holds a secret.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    readonly detail: string,
    readonly fieldErrors: readonly FieldError[] = [],
    /** Seconds until a rate-limited caller may retry. */
    readonly retryAfterSeconds?: number,
    /** Overrides the kind's default status where the spec names another one. */
    readonly status?: number,
  ) {
    super(detail);
    this.name = 'DomainError';
  }
}

export const invalid = (code: string, detail: string, fieldErrors: FieldError[] = []) =>
  new DomainError('invalid', code, detail, fieldErrors);
export const malformed = (code: string, detail: string) => new DomainError('malformed', code, detail);
export const forbidden = (code: string, detail: string) => new DomainError('forbidden', code, detail);
export const notFound = (code: string, detail: string) => new DomainError('not_found', code, detail);
export const conflict = (code: string, detail: string) => new DomainError('conflict', code, detail);
export const gone = (code: string, detail: string) => new DomainError('gone', code, detail);
export const unauthenticated = (code: string, detail: string) =>
  new DomainError('unauthenticated', code, detail);
export const rateLimited = (code: string, detail: string, retryAfterSeconds: number) =>
  new DomainError('rate_limited', code, detail, [], Math.max(1, Math.ceil(retryAfterSeconds)));
export const unavailable = (code: string, detail: string) => new DomainError('unavailable', code, detail);
