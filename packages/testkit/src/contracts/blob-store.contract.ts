/// <reference types="jest" />
import { createHash, randomBytes } from 'node:crypto';
import type { BlobStore } from '@groundfloor/domain';
import { newId } from './contract-fixtures';
import type { ContractSubject, OpenSubject } from './contract-subject';

/** `bytes` as a stream of chunks of at most `size` bytes. */
export async function* chunksOf(bytes: Uint8Array, size = 64 * 1024): AsyncIterable<Uint8Array> {
  for (let offset = 0; offset < bytes.byteLength; offset += size) yield bytes.subarray(offset, offset + size);
}

/** Every byte of a stream. */
export async function readAll(content: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of content) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A stream that yields `bytes`, then fails as a dropped connection would. */
async function* failingAfter(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
  throw new Error('connection reset');
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const text = (value: string) => Buffer.from(value, 'utf8');
const BIG = 1 << 20;

/**
 * What every `BlobStore` must do (blob-store.port.ts). Each test works
 * under its own random prefix, so subjects may be shared.
 */
export function describeBlobStoreContract(
  label: string,
  open: OpenSubject<BlobStore>,
  /**
   * The longest key segment the subject's backing store holds. The port
   * allows 255; a test double may hold less (s3rver keeps each object as a
   * file with a suffix, where real S3 takes 1,024-byte keys whole).
   */
  limits: {
    readonly segmentMax?: number;
    /**
     * Whether a read opened before a replacement still yields the old object
     * whole. Every adapter guarantees it (the filesystem by renaming, S3 by
     * serving a GET from the version it began with); s3rver, the loopback
     * stand-in for S3, rewrites the object's file in place and may cut an open
     * read short, so its run declares this false.
     */
    readonly readsSurviveReplacement?: boolean;
  } = {},
): void {
  const segmentMax = limits.segmentMax ?? 255;
  const whenReadsSurviveReplacement = limits.readsSurviveReplacement === false ? it.skip : it;
  describe(`blob store contract: ${label}`, () => {
    let opened: ContractSubject<BlobStore> | undefined;
    const store = (): BlobStore => {
      if (!opened) throw new Error('the blob store did not open');
      return opened.subject;
    };
    const read = async (key: string) => {
      const object = await store().get(key);
      return object ? readAll(object.content) : null;
    };
    beforeAll(async () => {
      opened = await open();
    });
    afterAll(async () => {
      await opened?.close();
    });

    it('stores a stream and gives back the same bytes, their size and their SHA-256', async () => {
      const key = `t/${newId()}/bundle.zip`;
      const bytes = randomBytes(BIG + 123);
      const result = await store().put(key, chunksOf(bytes), { maxBytes: 2 * BIG });
      expect(result).toEqual({ status: 'stored', sizeBytes: BIG + 123, sha256: sha256(bytes) });
      expect(await store().stat(key)).toEqual({ sizeBytes: BIG + 123 });
      const object = await store().get(key);
      expect(object?.sizeBytes).toBe(BIG + 123);
      expect((await readAll(object?.content ?? chunksOf(new Uint8Array()))).equals(bytes)).toBe(true);
    });

    it('stores an empty object', async () => {
      const key = `t/${newId()}/empty`;
      expect(await store().put(key, chunksOf(new Uint8Array()), { maxBytes: 10 })).toEqual({
        status: 'stored',
        sizeBytes: 0,
        sha256: sha256(new Uint8Array()),
      });
      expect(await store().stat(key)).toEqual({ sizeBytes: 0 });
      expect(await read(key)).toEqual(Buffer.alloc(0));
    });

    it('replaces an object put again under the same key', async () => {
      const key = `t/${newId()}/remoteEntry.js`;
      await store().put(key, chunksOf(text('first version, longer')), { maxBytes: 100 });
      await store().put(key, chunksOf(text('second')), { maxBytes: 100 });
      expect((await read(key))?.toString()).toBe('second');
      expect(await store().stat(key)).toEqual({ sizeBytes: 6 });
    });

    it('stores exactly maxBytes, and refuses one byte more without storing anything', async () => {
      const key = `t/${newId()}/upload`;
      expect(await store().put(key, chunksOf(text('12345'), 2), { maxBytes: 5 })).toMatchObject({
        status: 'stored',
        sizeBytes: 5,
      });
      const other = `t/${newId()}/upload`;
      expect(await store().put(other, chunksOf(text('123456'), 2), { maxBytes: 5 })).toEqual({
        status: 'too_large',
        maxBytes: 5,
      });
      expect(await store().stat(other)).toBeNull();
    });

    it('keeps the previous object when a replacement is too large or its stream fails', async () => {
      const key = `t/${newId()}/upload`;
      await store().put(key, chunksOf(text('kept')), { maxBytes: 10 });
      expect((await store().put(key, chunksOf(randomBytes(64)), { maxBytes: 10 })).status).toBe('too_large');
      await expect(store().put(key, failingAfter(text('partial')), { maxBytes: 100 })).rejects.toThrow(
        'connection reset',
      );
      expect((await read(key))?.toString()).toBe('kept');
      const fresh = `t/${newId()}/upload`;
      await expect(store().put(fresh, failingAfter(text('partial')), { maxBytes: 100 })).rejects.toThrow();
      expect(await store().stat(fresh)).toBeNull();
    });

    it('answers null for a key that holds nothing', async () => {
      const key = `t/${newId()}/missing`;
      expect(await store().get(key)).toBeNull();
      expect(await store().stat(key)).toBeNull();
    });

    it('reads a range, cut at the end of the object', async () => {
      const key = `t/${newId()}/digits`;
      await store().put(key, chunksOf(text('0123456789')), { maxBytes: 10 });
      const middle = await store().get(key, { offset: 3, length: 4 });
      expect(middle?.sizeBytes).toBe(4);
      expect((await readAll(middle?.content ?? chunksOf(new Uint8Array()))).toString()).toBe('3456');
      const tail = await store().get(key, { offset: 8, length: 100 });
      expect((await readAll(tail?.content ?? chunksOf(new Uint8Array()))).toString()).toBe('89');
      const past = await store().get(key, { offset: 20, length: 5 });
      expect(past?.sizeBytes).toBe(0);
      expect((await readAll(past?.content ?? chunksOf(text('x')))).length).toBe(0);
    });

    whenReadsSurviveReplacement(
      'lets a reader that opened before a replacement read the old object whole',
      async () => {
        const key = `t/${newId()}/file`;
        const old = randomBytes(BIG);
        await store().put(key, chunksOf(old), { maxBytes: 2 * BIG });
        const opened = await store().get(key);
        await store().put(key, chunksOf(text('new')), { maxBytes: 2 * BIG });
        expect((await readAll(opened?.content ?? chunksOf(new Uint8Array()))).equals(old)).toBe(true);
      },
    );

    it('deletes one object; deleting a missing one is no error', async () => {
      const base = `t/${newId()}`;
      await store().put(`${base}/a`, chunksOf(text('a')), { maxBytes: 10 });
      await store().put(`${base}/b`, chunksOf(text('b')), { maxBytes: 10 });
      await store().delete(`${base}/a`);
      await store().delete(`${base}/a`);
      await store().delete(`${base}/never`);
      expect(await store().stat(`${base}/a`)).toBeNull();
      expect((await read(`${base}/b`))?.toString()).toBe('b');
    });

    it('deletes by folder prefix, counting what it removed, and leaves keys that only share characters', async () => {
      const base = `t/${newId()}`;
      const inside = [`${base}/r1/upload`, `${base}/r1/files/index.js`, `${base}/r1/files/assets/a.css`];
      const outside = [`${base}/r10/files/index.js`, `${base}/r1`];
      for (const key of [...inside, ...outside])
        await store().put(key, chunksOf(text(key)), { maxBytes: 200 });
      expect(await store().deleteByPrefix(`${base}/r1/`)).toBe(3);
      for (const key of inside) expect(await store().stat(key)).toBeNull();
      for (const key of outside) expect((await read(key))?.toString()).toBe(key);
      expect(await store().deleteByPrefix(`${base}/nothing/`)).toBe(0);
    });

    it('holds a key and keys under it as a folder at the same time', async () => {
      const base = `t/${newId()}`;
      await store().put(`${base}/a`, chunksOf(text('file')), { maxBytes: 10 });
      await store().put(`${base}/a/b`, chunksOf(text('nested')), { maxBytes: 10 });
      expect((await read(`${base}/a`))?.toString()).toBe('file');
      expect((await read(`${base}/a/b`))?.toString()).toBe('nested');
    });

    it('keeps keys with any printable characters and long segments apart', async () => {
      const base = `t/${newId()}`;
      const keys = [
        `${base}/résumé (1).txt`,
        `${base}/%2E%2E`,
        `${base}/..a`,
        `${base}/a b+c&d=e?f#g`,
        `${base}/${'x'.repeat(segmentMax)}`,
        `${base}/${'x'.repeat(segmentMax - 1)}y`,
        `${base}/日本語/ファイル.js`,
      ];
      for (const key of keys) await store().put(key, chunksOf(text(key)), { maxBytes: 2000 });
      for (const key of keys) expect((await read(key))?.toString()).toBe(key);
    });

    it.each([
      ['an empty key', ''],
      ['a parent segment', 't/../escape'],
      ['a leading parent segment', '../escape'],
      ['an absolute key', '/etc/passwd'],
      ['a current-folder segment', 't/./x'],
      ['an empty segment', 't//x'],
      ['a trailing slash', 't/x/'],
      ['a backslash', 't\\..\\x'],
      ['a control character', 't/a\u0000b'],
      ['a segment over 255 characters', `t/${'x'.repeat(256)}`],
    ])('refuses %s as a key', async (_name, key) => {
      await expect(store().put(key, chunksOf(text('x')), { maxBytes: 10 })).rejects.toThrow();
      await expect(store().get(key)).rejects.toThrow();
      await expect(store().stat(key)).rejects.toThrow();
      await expect(store().delete(key)).rejects.toThrow();
    });

    it.each([
      ['no trailing slash', 't/x'],
      ['a parent segment', 't/../'],
      ['the root', '/'],
    ])('refuses a prefix with %s', async (_name, prefix) => {
      await expect(store().deleteByPrefix(prefix)).rejects.toThrow();
    });
  });
}
