import type { ExtractionRefusal } from '@groundfloor/domain';
import type { Entry } from 'yauzl';
import { getFileNameLowLevel } from 'yauzl';

/** The longest entry name accepted, in characters; keeps every blob key well inside its limit. */
export const ENTRY_PATH_MAX = 512;
const SEGMENT_MAX = 255;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/** A checked entry: a folder (named without its trailing slash) or a file. */
export interface EntryTarget {
  readonly kind: 'file' | 'folder';
  readonly path: string;
}

/** The entry's name as its archive spells it: UTF-8 or CP437, backslashes kept so they can be refused. */
export function entryName(entry: Entry): string {
  return getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
}

/**
 * Supplement §9: no absolute paths, no `..`, plus what would let one name
 * mean two things on some system: backslashes, drive letters, empty and
 * `.` segments, control characters, names too long to store.
 */
export function checkEntryName(name: string): EntryTarget | ExtractionRefusal['reason'] {
  if (name.length === 0 || name.length > ENTRY_PATH_MAX || UNSAFE_CHARACTERS.test(name)) return 'unsafe_path';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'unsafe_path';
  const kind = name.endsWith('/') ? 'folder' : 'file';
  const path = kind === 'folder' ? name.slice(0, -1) : name;
  const segments = path.split('/');
  const unsafe = segments.some((s) => s === '' || s === '.' || s === '..' || s.length > SEGMENT_MAX);
  return unsafe ? 'unsafe_path' : { kind, path };
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const DOS_DIRECTORY = 0x10;
const DOS_REPARSE_POINT = 0x400;

/**
 * Whether the entry is a link or another special file. Unix zips keep the
 * file mode in the high 16 bits of the external attributes (a symbolic
 * link is 0o120000, its data the link target); Windows marks links as
 * reparse points in the low bits. Only plain files and folders pass.
 */
export function isSpecialEntry(entry: Entry): boolean {
  const attributes = entry.externalFileAttributes >>> 0;
  const type = (attributes >>> 16) & S_IFMT;
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) return true;
  return (attributes & DOS_REPARSE_POINT) !== 0;
}

/** Whether the entry's attributes say "folder", whatever its name says. */
export function hasFolderAttributes(entry: Entry): boolean {
  const attributes = entry.externalFileAttributes >>> 0;
  return ((attributes >>> 16) & S_IFMT) === S_IFDIR || (attributes & DOS_DIRECTORY) !== 0;
}

/**
 * The paths an archive has claimed so far. A path is a file or a folder,
 * never both, and never claimed twice as a file; a file's parent folders
 * are claimed with it.
 */
export class ClaimedPaths {
  private readonly files = new Set<string>();
  private readonly folders = new Set<string>();

  /** False when the path is taken, or a parent of it is a file. */
  claim(target: EntryTarget): boolean {
    const { path } = target;
    if (this.files.has(path)) return false;
    if (target.kind === 'file' && this.folders.has(path)) return false;
    const parents = parentsOf(path);
    if (parents.some((p) => this.files.has(p))) return false;
    for (const p of parents) this.folders.add(p);
    (target.kind === 'file' ? this.files : this.folders).add(path);
    return true;
  }
}

function parentsOf(path: string): string[] {
  const segments = path.split('/');
  return segments.slice(0, -1).map((_, i) => segments.slice(0, i + 1).join('/'));
}
