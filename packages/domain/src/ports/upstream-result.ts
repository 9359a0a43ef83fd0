/**
 * How a call to an upstream service (code execution, model gateway) ended
 * when it did not give an answer the caller can use. The adapters classify;
 * the domain decides what each means for the client (`*.errors.ts`).
 */
export type UpstreamFailure =
  /** The installation names no such service (its URL is unset). */
  | { readonly ok: false; readonly failure: 'not_configured' }
  /** No connection: refused, reset, unknown host. */
  | { readonly ok: false; readonly failure: 'unreachable' }
  /** No answer within the adapter's time-out. */
  | { readonly ok: false; readonly failure: 'timeout' }
  /** A 5xx. */
  | { readonly ok: false; readonly failure: 'server_error'; readonly status: number }
  /** A 2xx the contract does not describe (not JSON, not the expected shape). */
  | { readonly ok: false; readonly failure: 'invalid_answer' }
  /** A 4xx, with the message the upstream gave (never a credential). */
  | {
      readonly ok: false;
      readonly failure: 'rejected';
      readonly status: number;
      readonly message: string;
      /** From a 429's `Retry-After`, when it gave one in seconds. */
      readonly retryAfterSeconds?: number;
    };

export type UpstreamResult<T> = { readonly ok: true; readonly value: T } | UpstreamFailure;

export const upstreamOk = <T>(value: T): UpstreamResult<T> => ({ ok: true, value });
