import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type {
  BlobStore,
  BundleExtractor,
  ExtractedFile,
  ExtractionRefusal,
  ExtractionRequest,
  ExtractionResult,
} from '@groundfloor/domain';
import { type Entry, fromRandomAccessReaderPromise, type ZipFile } from 'yauzl';
import { BlobRangeReader, BlobReadError } from './blob-range-reader';
import { ClaimedPaths, checkEntryName, entryName, hasFolderAttributes, isSpecialEntry } from './entry-rules';

/** Ends extraction with a refusal; caught in `extract`. */
class Refused extends Error {
  constructor(readonly refusal: ExtractionRefusal) {
    super(refusal.reason);
  }
}

const refuse = (reason: ExtractionRefusal['reason'], entry?: string): never => {
  throw new Refused(entry === undefined ? { reason } : { reason, entry });
};

/**
 * An entry's inflated bytes. Anything its data does wrong (bad deflate
 * data, more or fewer bytes than declared, a CRC-32 that does not match)
 * becomes `invalid`.
 */
async function* inflated(stream: Readable, entry: Entry, name: string): AsyncIterable<Uint8Array> {
  let crc = 0;
  try {
    for await (const chunk of stream) {
      crc = crc32(chunk as Buffer, crc);
      yield chunk as Buffer;
    }
  } catch (err) {
    if (err instanceof BlobReadError) throw err;
    refuse('invalid', name);
  }
  if (crc !== entry.crc32 >>> 0) refuse('invalid', name);
}

/**
 * Extracts release zips with yauzl, one entry at a time (`lazyEntries`),
 * reading the archive from the blob store by ranges and writing each file
 * back to it. Entries are counted as they are read and bytes as they
 * inflate; an entry whose declared size does not fit what is left is
 * refused before it is inflated, and yauzl refuses data that inflates to
 * more than the entry declared. Names are decoded and checked here, not by
 * yauzl, so each refusal has its own reason.
 */
export class ZipBundleExtractor implements BundleExtractor {
  constructor(private readonly store: BlobStore) {}

  async extract(request: ExtractionRequest): Promise<ExtractionResult> {
    const upload = await this.store.stat(request.sourceKey);
    if (!upload) throw new Error(`no upload at ${request.sourceKey}`);
    let zip: ZipFile | undefined;
    try {
      zip = await fromRandomAccessReaderPromise(
        new BlobRangeReader(this.store, request.sourceKey, upload.sizeBytes),
        upload.sizeBytes,
        { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false },
      ).catch((err) => {
        if (err instanceof BlobReadError) throw err;
        return refuse('invalid');
      });
      const { files, totalBytes } = await this.extractEntries(zip, request);
      return { status: 'extracted', files, totalBytes };
    } catch (err) {
      await this.store.deleteByPrefix(request.targetPrefix);
      if (err instanceof Refused) return { status: 'refused', refusal: err.refusal };
      throw err instanceof BlobReadError ? err.reason : err;
    } finally {
      zip?.close();
    }
  }

  private async extractEntries(
    zip: ZipFile,
    { targetPrefix, limits }: ExtractionRequest,
  ): Promise<{ files: ExtractedFile[]; totalBytes: number }> {
    const files: ExtractedFile[] = [];
    const claimed = new ClaimedPaths();
    let entries = 0;
    let totalBytes = 0;
    const iterator = zip.eachEntry();
    for (;;) {
      const next = await iterator.next().catch((err) => {
        if (err instanceof BlobReadError) throw err;
        return refuse('invalid');
      });
      if (next.done) break;
      const entry = next.value;
      entries += 1;
      if (entries > limits.maxEntries) refuse('too_many_entries');
      const name = entryName(entry);
      const target = checkEntryName(name);
      if (typeof target === 'string') return refuse(target, name);
      if (isSpecialEntry(entry)) refuse('link_entry', name);
      if (target.kind === 'file' && hasFolderAttributes(entry)) refuse('invalid', name);
      if (!claimed.claim(target)) refuse('duplicate_entry', name);
      if (target.kind === 'folder') continue;
      if (entry.isEncrypted() || !entry.canDecodeFileData()) refuse('invalid', name);
      const left = limits.maxBytes - totalBytes;
      // Too large if true, a lie (which yauzl would refuse) if not: either way, not inflated.
      if (entry.uncompressedSize > left) refuse('too_large', name);
      const stream = await zip.openReadStreamPromise(entry).catch((err) => {
        if (err instanceof BlobReadError) throw err;
        return refuse('invalid', name);
      });
      // yauzl inflates the first chunks before anyone reads them, and a lie
      // about the size errors right there. Unheard, that error would end the
      // process; the iteration in `inflated` still sees it, as the stream is
      // destroyed with it.
      stream.on('error', () => {});
      const stored = await this.store
        .put(`${targetPrefix}${target.path}`, inflated(stream, entry, name), { maxBytes: left })
        .finally(() => stream.destroy());
      if (stored.status === 'too_large') refuse('too_large', name);
      else {
        totalBytes += stored.sizeBytes;
        files.push({ path: target.path, sizeBytes: stored.sizeBytes });
      }
    }
    return { files, totalBytes };
  }
}
