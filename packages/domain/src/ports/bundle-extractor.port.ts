/**
 * Unpacks an uploaded release archive (a zip) from the blob store into the
 * blob store. It streams: entries are read one at a time, and entries and
 * inflated bytes are counted as they come, never taken from the archive's
 * own headers, so a zip bomb stops at the limit.
 */
export interface BundleExtractor {
  extract(request: ExtractionRequest): Promise<ExtractionResult>;
}
export const BUNDLE_EXTRACTOR = Symbol.for('gf.bundle-extractor');

export interface ExtractionRequest {
  /** The uploaded archive. */
  readonly sourceKey: string;
  /** Each file `<path>` is stored at `<targetPrefix><path>`; ends in `/`. */
  readonly targetPrefix: string;
  readonly limits: ExtractionLimits;
}

export interface ExtractionLimits {
  /** Entries of the archive, folders included. */
  readonly maxEntries: number;
  /** Inflated bytes of all files together. */
  readonly maxBytes: number;
}

/** A file of the archive as stored: its path inside the archive and its inflated size. */
export interface ExtractedFile {
  readonly path: string;
  readonly sizeBytes: number;
}

export type ExtractionResult =
  | { readonly status: 'extracted'; readonly files: ExtractedFile[]; readonly totalBytes: number }
  | { readonly status: 'refused'; readonly refusal: ExtractionRefusal };

/**
 * Why an archive was refused. On a refusal nothing is left under the
 * target prefix.
 * - `too_large`: the files inflate past `maxBytes`;
 * - `too_many_entries`: more than `maxEntries` entries;
 * - `unsafe_path`: an absolute path, a `..` segment, a backslash, a drive
 *   letter, an empty or `.` segment, control characters, or a name too long;
 * - `link_entry`: a symbolic link or any other entry that is neither a file
 *   nor a folder;
 * - `duplicate_entry`: two entries with one path, or a file where another
 *   entry needs a folder;
 * - `invalid`: not a readable zip (truncated, encrypted, unknown
 *   compression, sizes or checksums that do not match the data).
 */
export interface ExtractionRefusal {
  readonly reason:
    | 'too_large'
    | 'too_many_entries'
    | 'unsafe_path'
    | 'link_entry'
    | 'duplicate_entry'
    | 'invalid';
  /** The entry's name as the archive spells it, when one entry is to blame (for people; may be odd). */
  readonly entry?: string;
}
