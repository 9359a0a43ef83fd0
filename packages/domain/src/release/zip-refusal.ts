import type { ExtractionRefusal } from '../ports/bundle-extractor.port';
import { type DomainError, malformed } from '../shared/domain-error';
import { Limits } from '../shared/limits';

const { bytesMax, entriesMax } = Limits.zipExtracted;

const DETAILS: Readonly<Record<ExtractionRefusal['reason'], string>> = {
  too_large: `the archive's files inflate to more than ${bytesMax} bytes (256 MiB)`,
  too_many_entries: `the archive has more than ${entriesMax} entries`,
  unsafe_path:
    'an entry has an absolute path, a .. segment or another name that is not a plain relative path',
  link_entry: 'an entry is a link or another special file; only files and folders are accepted',
  duplicate_entry: 'two entries have the same path, or a file sits where a folder is needed',
  invalid:
    'the upload is not a readable zip archive (truncated, encrypted, or its data does not match its headers)',
};

/** 400 `zip_<reason>`: the spec's "oversize zip contents" and supplement §9's refused entries. */
export function zipRefused(refusal: ExtractionRefusal): DomainError {
  // The entry name comes from the archive: quoted, cut short, never trusted as text.
  const entry = refusal.entry === undefined ? '' : ` (entry ${JSON.stringify(refusal.entry.slice(0, 200))})`;
  return malformed(`zip_${refusal.reason}`, `${DETAILS[refusal.reason]}${entry}; upload a new release`);
}
