import { Limits } from '../shared/limits';
import type { App } from './app';

/**
 * The manifest key the code-execution proxy records one app's deployment
 * ids under. They belong to that app's own deployment, so promotion never
 * copies them and compare never compares them.
 */
export const TRACKED_MANIFEST_KEY = 'coderunner';

/** The manifest as promotion copies it: everything but the tracked deployment ids. */
export function promotableManifest(manifest: Record<string, unknown>): Record<string, unknown> {
  const { [TRACKED_MANIFEST_KEY]: _tracked, ...rest } = manifest;
  return rest;
}

/** The target's manifest after promotion: the source's settings, the target's own tracked ids. */
export function promotedManifest(
  source: Record<string, unknown>,
  target: Record<string, unknown> | null,
): Record<string, unknown> {
  const tracked = target?.[TRACKED_MANIFEST_KEY];
  return tracked === undefined
    ? promotableManifest(source)
    : { ...promotableManifest(source), [TRACKED_MANIFEST_KEY]: tracked };
}

/** JSON with object keys sorted, so key order never makes two manifests differ. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Whether two apps carry the same promotable settings: kind, name,
 * repository and manifest (tracked ids aside). Slug, environment, primary
 * workload and access are each app's own.
 */
export function sameSettings(a: App, b: App): boolean {
  return (
    a.kind === b.kind &&
    a.name === b.name &&
    a.gitRepoUrl === b.gitRepoUrl &&
    canonical(promotableManifest(a.manifest)) === canonical(promotableManifest(b.manifest))
  );
}

/**
 * The slug of an app promotion creates: the source's, then the target
 * environment's name made a slug (`shop` to `prod` is `shop-prod`, to
 * `QA EU` is `shop-qa-eu`), shortened to fit 63 characters. A name with
 * nothing a slug may hold becomes `env`.
 */
export function promotedSlug(sourceSlug: string, environmentName: string): string {
  const environment =
    environmentName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'env';
  const suffix = `-${environment}`.slice(0, Limits.appSlug.max - 1);
  return `${sourceSlug.slice(0, Limits.appSlug.max - suffix.length)}${suffix}`;
}
