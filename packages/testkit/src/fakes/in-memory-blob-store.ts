import { createHash } from 'node:crypto';
import {
  type BlobObject,
  type BlobPutOptions,
  type BlobPutResult,
  type BlobRange,
  type BlobStat,
  type BlobStore,
  isValidBlobKey,
  isValidBlobPrefix,
} from '@groundfloor/domain';

function requireKey(key: string, valid: (k: string) => boolean): void {
  if (!valid(key)) throw new Error(`not a valid blob key: ${JSON.stringify(key.slice(0, 100))}`);
}

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  if (bytes.byteLength > 0) yield bytes;
}

/** Blobs in a map. `objects` is open so tests can see what was stored. */
export class InMemoryBlobStore implements BlobStore {
  readonly objects = new Map<string, Uint8Array>();

  async put(
    key: string,
    content: AsyncIterable<Uint8Array>,
    options: BlobPutOptions,
  ): Promise<BlobPutResult> {
    requireKey(key, isValidBlobKey);
    const chunks: Uint8Array[] = [];
    let sizeBytes = 0;
    for await (const chunk of content) {
      sizeBytes += chunk.byteLength;
      if (sizeBytes > options.maxBytes) return { status: 'too_large', maxBytes: options.maxBytes };
      chunks.push(Uint8Array.from(chunk));
    }
    const bytes = Buffer.concat(chunks);
    this.objects.set(key, new Uint8Array(bytes));
    return { status: 'stored', sizeBytes, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  async get(key: string, range?: BlobRange): Promise<BlobObject | null> {
    requireKey(key, isValidBlobKey);
    const bytes = this.objects.get(key);
    if (!bytes) return null;
    const start = Math.min(range?.offset ?? 0, bytes.byteLength);
    const end = range === undefined ? bytes.byteLength : Math.min(bytes.byteLength, start + range.length);
    const slice = bytes.slice(start, Math.max(start, end));
    return { sizeBytes: slice.byteLength, content: once(slice) };
  }

  async stat(key: string): Promise<BlobStat | null> {
    requireKey(key, isValidBlobKey);
    const bytes = this.objects.get(key);
    return bytes ? { sizeBytes: bytes.byteLength } : null;
  }

  async delete(key: string): Promise<void> {
    requireKey(key, isValidBlobKey);
    this.objects.delete(key);
  }

  async deleteByPrefix(prefix: string): Promise<number> {
    requireKey(prefix, isValidBlobPrefix);
    let count = 0;
    for (const key of [...this.objects.keys()]) {
      if (key.startsWith(prefix)) {
        this.objects.delete(key);
        count += 1;
      }
    }
    return count;
  }

  /** Keys under `prefix`, sorted: what a test checks was left behind. */
  keysUnder(prefix: string): string[] {
    return [...this.objects.keys()].filter((k) => k.startsWith(prefix)).sort();
  }
}
