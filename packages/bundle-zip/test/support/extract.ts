import { ZipBundleExtractor } from '@groundfloor/bundle-zip';
import type { ExtractionLimits, ExtractionResult } from '@groundfloor/domain';
import { Limits } from '@groundfloor/domain';
import { chunksOf, InMemoryBlobStore } from '@groundfloor/testkit';

export const SOURCE = 'releases/r1/upload';
export const TARGET = 'releases/r1/files/';
export const REAL_LIMITS: ExtractionLimits = {
  maxEntries: Limits.zipExtracted.entriesMax,
  maxBytes: Limits.zipExtracted.bytesMax,
};

/** Uploads `archive` to a fresh store and extracts it; the store is returned to look at what is left. */
export async function extract(
  archive: Buffer,
  limits: ExtractionLimits = REAL_LIMITS,
  store: InMemoryBlobStore = new InMemoryBlobStore(),
): Promise<{ result: ExtractionResult; store: InMemoryBlobStore }> {
  await store.put(SOURCE, chunksOf(archive), { maxBytes: archive.length });
  const result = await new ZipBundleExtractor(store).extract({
    sourceKey: SOURCE,
    targetPrefix: TARGET,
    limits,
  });
  return { result, store };
}

/** The bytes stored for the extracted file `path`. */
export function storedFile(store: InMemoryBlobStore, path: string): string | undefined {
  const bytes = store.objects.get(`${TARGET}${path}`);
  return bytes ? Buffer.from(bytes).toString('utf8') : undefined;
}
