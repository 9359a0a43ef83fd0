import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
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

export interface S3BlobStoreOptions {
  readonly bucket: string;
  /** Every key is stored under this prefix (e.g. `groundfloor/`), so a bucket can hold other things too. */
  readonly keyPrefix?: string;
  readonly client: S3ClientConfig;
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

function requireKey(key: string): void {
  if (!isValidBlobKey(key)) throw new Error('invalid blob key');
}

/**
 * The `BlobStore` port on an S3-compatible object store (AWS S3, MinIO,
 * Ceph, R2 …), for several replicas sharing release bundles. An upload is
 * first streamed to a temporary file, counting and hashing its bytes and
 * stopping at `maxBytes`; only a complete, accepted upload is PUT, in one
 * request, so readers see the old object or the whole new one.
 */
export class S3BlobStore implements BlobStore {
  private readonly s3: S3Client;
  private readonly prefix: string;

  constructor(private readonly options: S3BlobStoreOptions) {
    // Checksums only where S3 requires them: the SDK's default streams uploads
    // as aws-chunked bodies with trailing checksums, which many S3-compatible
    // servers store verbatim instead of decoding.
    this.s3 = new S3Client({
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...options.client,
    });
    this.prefix = options.keyPrefix ?? '';
  }

  async put(
    key: string,
    content: AsyncIterable<Uint8Array>,
    options: BlobPutOptions,
  ): Promise<BlobPutResult> {
    requireKey(key);
    const dir = await mkdtemp(path.join(tmpdir(), 'gf-s3-upload-'));
    const file = path.join(dir, randomUUID());
    try {
      const hash = createHash('sha256');
      let size = 0;
      const out = createWriteStream(file);
      try {
        for await (const chunk of content) {
          size += chunk.byteLength;
          if (size > options.maxBytes) {
            out.destroy();
            return { status: 'too_large', maxBytes: options.maxBytes };
          }
          hash.update(chunk);
          if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        }
        out.end();
        await finished(out);
      } catch (err) {
        out.destroy();
        throw err;
      }
      await this.s3.send(
        new PutObjectCommand({
          Bucket: this.options.bucket,
          Key: this.prefix + key,
          Body: createReadStream(file),
          ContentLength: size,
        }),
      );
      return { status: 'stored', sizeBytes: size, sha256: hash.digest('hex') };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async get(key: string, range?: BlobRange): Promise<BlobObject | null> {
    requireKey(key);
    if (range && range.length === 0) {
      const stat = await this.stat(key);
      return stat ? { sizeBytes: 0, content: (async function* () {})() } : null;
    }
    try {
      const res = await this.s3.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: this.prefix + key,
          ...(range ? { Range: `bytes=${range.offset}-${range.offset + range.length - 1}` } : {}),
        }),
      );
      const body = res.Body as AsyncIterable<Uint8Array> | undefined;
      return { sizeBytes: res.ContentLength ?? 0, content: body ?? (async function* () {})() };
    } catch (err) {
      if (notFound(err)) return null;
      // A range starting past the end is an empty read, as on the filesystem.
      if ((err as { name?: string }).name === 'InvalidRange') {
        return (await this.stat(key)) ? { sizeBytes: 0, content: (async function* () {})() } : null;
      }
      throw err;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    requireKey(key);
    try {
      const res = await this.s3.send(
        new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.prefix + key }),
      );
      return { sizeBytes: res.ContentLength ?? 0 };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    requireKey(key);
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.prefix + key }));
  }

  async deleteByPrefix(prefix: string): Promise<number> {
    if (!isValidBlobPrefix(prefix)) throw new Error('invalid blob prefix');
    let deleted = 0;
    let token: string | undefined;
    do {
      const page = await this.s3.send(
        new ListObjectsV2Command({
          Bucket: this.options.bucket,
          Prefix: this.prefix + prefix,
          ContinuationToken: token,
        }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length > 0) {
        await this.s3.send(
          new DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
        deleted += keys.length;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return deleted;
  }

  /** Releases the client's connections. */
  close(): void {
    this.s3.destroy();
  }
}
