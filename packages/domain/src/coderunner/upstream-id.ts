import { coderunnerIdNotFound, coderunnerInvalidAnswer } from './coderunner.errors';

/**
 * What an id of the code-execution service may look like before it goes
 * into an upstream path: UUIDs, numbers and similar tokens, never a `/`,
 * `?`, `%` or `..` that could point the request elsewhere.
 */
const UPSTREAM_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;

export const isUpstreamId = (value: string): boolean => UPSTREAM_ID.test(value) && !value.includes('..');

/** A path id from the client: 404 when it could not be an upstream id. */
export function requireUpstreamId(value: string, what: string): string {
  if (!isUpstreamId(value)) throw coderunnerIdNotFound(what);
  return value;
}

/** An id the upstream answered under `data[key]` (text or a number); 502 when missing or malformed. */
export function idFromAnswer(data: unknown, keys: readonly string[]): string {
  const value = optionalIdFromAnswer(data, keys);
  if (value === null) throw coderunnerInvalidAnswer(`data.${keys[0]}`);
  return value;
}

/** As idFromAnswer, null when the answer has none. */
export function optionalIdFromAnswer(data: unknown, keys: readonly string[]): string | null {
  if (typeof data !== 'object' || data === null) return null;
  for (const key of keys) {
    const raw = (data as Record<string, unknown>)[key];
    const value = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw;
    if (typeof value === 'string' && isUpstreamId(value)) return value;
  }
  return null;
}
