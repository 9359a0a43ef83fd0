import type { UpstreamFailure } from '@groundfloor/domain';

/** What came back from one HTTP call: the status and the text of the body, or why nothing did. */
export type HttpOutcome =
  | { readonly ok: true; readonly status: number; readonly text: string; readonly retryAfter: string | null }
  | Extract<UpstreamFailure, { failure: 'unreachable' | 'timeout' }>;

/**
 * One request with the whole exchange (connect, headers and body) bounded
 * by `timeoutMs`. Redirects are not followed: the request carries a
 * credential, which must not go to another host.
 */
export async function httpCall(url: string, init: RequestInit, timeoutMs: number): Promise<HttpOutcome> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(url, { ...init, signal, redirect: 'manual' });
    const text = await res.text();
    return { ok: true, status: res.status, text, retryAfter: res.headers.get('retry-after') };
  } catch {
    return signal.aborted ? { ok: false, failure: 'timeout' } : { ok: false, failure: 'unreachable' };
  }
}

/** A JSON body, or undefined when the text is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `Retry-After` in whole seconds, when it is given that way. */
export const retryAfterSeconds = (value: string | null): number | undefined =>
  value !== null && /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : undefined;
