import type {
  BlobStore,
  BundleExtractor,
  ExtractedFile,
  ExtractionRefusal,
  ExtractionRequest,
  ExtractionResult,
} from '@groundfloor/domain';
import { isBundlePath } from '@groundfloor/domain';
import { chunksOf, readAll } from '../contracts/blob-store.contract';

/** One entry of a fake archive. */
export interface FakeArchiveEntry {
  readonly path: string;
  readonly kind?: 'file' | 'folder' | 'link';
  readonly content?: string;
  /** The content inflates to this many copies of itself, as compressed data does. */
  readonly repeat?: number;
}

/**
 * A fake "archive": JSON listing its entries, which `FakeBundleExtractor`
 * unpacks by the same rules as the zip adapter. Domain tests upload these.
 */
export function fakeArchive(entries: readonly FakeArchiveEntry[]): Buffer {
  return Buffer.from(JSON.stringify({ entries }), 'utf8');
}

const refused = (reason: ExtractionRefusal['reason'], entry?: string): ExtractionResult => ({
  status: 'refused',
  refusal: entry === undefined ? { reason } : { reason, entry },
});

/** Unpacks `fakeArchive` uploads; anything else is `invalid`. */
export class FakeBundleExtractor implements BundleExtractor {
  readonly requests: ExtractionRequest[] = [];
  constructor(private readonly store: BlobStore) {}

  async extract(request: ExtractionRequest): Promise<ExtractionResult> {
    this.requests.push(request);
    const result = await this.unpack(request);
    if (result.status === 'refused') await this.store.deleteByPrefix(request.targetPrefix);
    return result;
  }

  private async unpack({ sourceKey, targetPrefix, limits }: ExtractionRequest): Promise<ExtractionResult> {
    const upload = await this.store.get(sourceKey);
    if (!upload) throw new Error(`no upload at ${sourceKey}`);
    let entries: FakeArchiveEntry[];
    try {
      entries = (
        JSON.parse((await readAll(upload.content)).toString('utf8')) as { entries: FakeArchiveEntry[] }
      ).entries;
      if (!Array.isArray(entries)) return refused('invalid');
    } catch {
      return refused('invalid');
    }
    if (entries.length > limits.maxEntries) return refused('too_many_entries');
    const files: ExtractedFile[] = [];
    const seen = new Set<string>();
    let totalBytes = 0;
    for (const entry of entries) {
      const path = entry.kind === 'folder' ? entry.path.replace(/\/$/, '') : entry.path;
      if (!isBundlePath(path)) return refused('unsafe_path', entry.path);
      if (entry.kind === 'link') return refused('link_entry', entry.path);
      if (seen.has(path)) return refused('duplicate_entry', entry.path);
      seen.add(path);
      if (entry.kind === 'folder') continue;
      const bytes = Buffer.from((entry.content ?? '').repeat(entry.repeat ?? 1), 'utf8');
      totalBytes += bytes.length;
      if (totalBytes > limits.maxBytes) return refused('too_large', entry.path);
      await this.store.put(`${targetPrefix}${path}`, chunksOf(bytes), { maxBytes: bytes.length });
      files.push({ path, sizeBytes: bytes.length });
    }
    return { status: 'extracted', files, totalBytes };
  }
}
