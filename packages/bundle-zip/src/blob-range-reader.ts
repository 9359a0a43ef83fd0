import { Readable } from 'node:stream';
import type { BlobStore } from '@groundfloor/domain';
import { RandomAccessReader } from 'yauzl';

/** A failure of the blob store itself, kept apart from what is wrong with the archive. */
export class BlobReadError extends Error {
  constructor(readonly reason: unknown) {
    super(`reading the upload failed: ${(reason as Error)?.message ?? String(reason)}`);
    this.name = 'BlobReadError';
  }
}

// yauzl reads the central directory a few bytes at a time; one window of
// the archive serves many of those reads with one blob read (which matters
// most for an object store, where each read is a request).
const WINDOW_BYTES = 64 * 1024;

/** Lets yauzl read an archive kept in the blob store, by ranges, without copying it anywhere. */
export class BlobRangeReader extends RandomAccessReader {
  private window: { start: number; bytes: Buffer } | null = null;

  constructor(
    private readonly store: BlobStore,
    private readonly key: string,
    private readonly sizeBytes: number,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return Readable.from(this.range(start, end - start), { objectMode: false });
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null, bytesRead?: number) => void,
  ): void {
    this.readWindowed(position, length).then(
      (bytes) => callback(null, bytes.copy(buffer, offset)),
      (err) => callback(err),
    );
  }

  private async readWindowed(position: number, length: number): Promise<Buffer> {
    const w = this.window;
    if (!w || position < w.start || position + length > w.start + w.bytes.length) {
      const windowLength = Math.min(Math.max(length, WINDOW_BYTES), Math.max(0, this.sizeBytes - position));
      const chunks: Uint8Array[] = [];
      for await (const chunk of this.range(position, windowLength)) chunks.push(chunk);
      this.window = { start: position, bytes: Buffer.concat(chunks) };
    }
    const current = this.window as { start: number; bytes: Buffer };
    const from = position - current.start;
    return current.bytes.subarray(from, from + length);
  }

  private async *range(offset: number, length: number): AsyncIterable<Uint8Array> {
    let object: Awaited<ReturnType<BlobStore['get']>>;
    try {
      object = await this.store.get(this.key, { offset, length });
    } catch (err) {
      throw new BlobReadError(err);
    }
    if (!object) throw new BlobReadError(new Error('the upload is gone'));
    try {
      yield* object.content;
    } catch (err) {
      throw new BlobReadError(err);
    }
  }
}
