import { isUpstreamId } from './upstream-id';

/**
 * Spec, Resources: the ids the proxy tracks under `manifest.coderunner` of
 * an app (and of a workload, supplement §12). Every key is present once the
 * proxy has recorded anything; null until learned.
 */
export interface CoderunnerIds {
  readonly definition_id: string | null;
  readonly version_id: string | null;
  readonly deployment_id: string | null;
  readonly last_job_name: string | null;
  readonly last_job_status: string | null;
}

const KEYS = ['definition_id', 'version_id', 'deployment_id', 'last_job_name', 'last_job_status'] as const;

/**
 * What `manifest.coderunner` holds now; anything that is not text counts as
 * not recorded, and so does an id that could not be an upstream id (`..`,
 * `a/b`): a manifest is the client's to write (PATCH app), and these ids go
 * into the code-execution service's paths.
 */
export function coderunnerIdsOf(manifest: Record<string, unknown>): CoderunnerIds {
  const block = manifest.coderunner;
  const source = typeof block === 'object' && block !== null && !Array.isArray(block) ? block : {};
  const read = (key: (typeof KEYS)[number]) => {
    const value = (source as Record<string, unknown>)[key];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  const id = (key: 'definition_id' | 'version_id' | 'deployment_id') => {
    const value = read(key);
    return value !== null && isUpstreamId(value) ? value : null;
  };
  return {
    definition_id: id('definition_id'),
    version_id: id('version_id'),
    deployment_id: id('deployment_id'),
    last_job_name: read('last_job_name'),
    last_job_status: read('last_job_status'),
  };
}

/**
 * The manifest with `learned` written into `manifest.coderunner`; other keys
 * of the manifest, and of the block, are kept as they were.
 */
export function withCoderunnerIds(
  manifest: Record<string, unknown>,
  learned: Partial<CoderunnerIds>,
): Record<string, unknown> {
  const block = manifest.coderunner;
  const kept = typeof block === 'object' && block !== null && !Array.isArray(block) ? block : {};
  return { ...manifest, coderunner: { ...kept, ...coderunnerIdsOf(manifest), ...learned } };
}
