/** The longest path of a file in a release bundle, in characters. */
export const BUNDLE_PATH_MAX = 512;
const SEGMENT_MAX = 255;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/**
 * Whether `path` may name a file of a release bundle, in an archive or in
 * a public URL: relative (no leading `/`, no drive letter), no `..`, `.`
 * or empty segments, no backslash or control characters, at most 512
 * characters and 255 per segment. Such a path can never leave the
 * release's folder, whatever system stores it.
 */
export function isBundlePath(path: string): boolean {
  if (path.length === 0 || path.length > BUNDLE_PATH_MAX || UNSAFE_CHARACTERS.test(path)) return false;
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return false;
  return path.split('/').every((s) => s !== '' && s !== '.' && s !== '..' && s.length <= SEGMENT_MAX);
}
