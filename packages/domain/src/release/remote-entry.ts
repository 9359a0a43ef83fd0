/** The file a Shell host loads first (module federation's remote entry). */
export const REMOTE_ENTRY = 'remoteEntry.js';

// macOS's archiver adds this folder of resource forks beside the real content.
const IGNORED_TOP_FOLDERS = new Set(['__MACOSX']);

/**
 * Supplement §9: `remoteEntry.js` at the root of the archive, or in its
 * single top folder (the usual `dist/` of a zipped build folder). Null
 * when neither holds one.
 */
export function findRemoteEntry(paths: readonly string[]): string | null {
  if (paths.includes(REMOTE_ENTRY)) return REMOTE_ENTRY;
  const content = paths.filter((p) => !IGNORED_TOP_FOLDERS.has(p.split('/')[0] as string));
  const tops = new Set(content.map((p) => (p.includes('/') ? `${p.split('/')[0]}/` : p)));
  if (tops.size !== 1) return null;
  const [top] = [...tops] as [string];
  if (!top.endsWith('/')) return null;
  const nested = `${top}${REMOTE_ENTRY}`;
  return content.includes(nested) ? nested : null;
}
