import { coderunnerInvalidAnswer, coderunnerVersionNotReady } from './coderunner.errors';

/** Spec, Resources: version status. */
export const VERSION_STATUSES: Readonly<Record<number, string>> = {
  1: 'Pending',
  2: 'Processing',
  3: 'Completed',
  4: 'Failed',
};
export const VERSION_COMPLETED = 3;

/** The `status` of a version answer (`data.status`, a number 1 to 4, or its name). */
export function versionStatusOf(data: unknown): number {
  const raw =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>).status : undefined;
  if (typeof raw === 'number' && raw in VERSION_STATUSES) return raw;
  if (typeof raw === 'string') {
    const byName = Object.entries(VERSION_STATUSES).find(
      ([, name]) => name.toLowerCase() === raw.toLowerCase(),
    );
    if (byName) return Number(byName[0]);
    if (/^[1-4]$/.test(raw)) return Number(raw);
  }
  throw coderunnerInvalidAnswer('a version status (data.status, 1 to 4)');
}

/** Spec, Other named states: a version must reach Completed (3) before deploy (409 otherwise). */
export function requireCompleted(data: unknown): void {
  const status = versionStatusOf(data);
  if (status !== VERSION_COMPLETED)
    throw coderunnerVersionNotReady(`${status} (${VERSION_STATUSES[status]})`);
}
