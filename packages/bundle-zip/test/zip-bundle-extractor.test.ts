import { Readable } from 'node:stream';
import { ZipBundleExtractor } from '@groundfloor/bundle-zip';
import type { BlobStore } from '@groundfloor/domain';
import { chunksOf, InMemoryBlobStore, readAll } from '@groundfloor/testkit';
import { ZipFile } from 'yazl';
import { extract, SOURCE, storedFile, TARGET } from './support/extract';
import { buildZip } from './support/zip-writer';

/** An archive as a common zip tool writes it: sizes after the data (data descriptors), folders as entries. */
async function yazlArchive(build: (zip: ZipFile) => void): Promise<Buffer> {
  const zip = new ZipFile();
  build(zip);
  zip.end();
  return readAll(zip.outputStream as Readable);
}

describe('ZipBundleExtractor: archives it accepts', () => {
  it('extracts every file of an archive written by a zip tool, with its bytes and sizes', async () => {
    const entry = 'export const mount = () => {};\n'.repeat(100);
    const archive = await yazlArchive((zip) => {
      zip.addEmptyDirectory('dist/');
      zip.addBuffer(Buffer.from(entry), 'dist/remoteEntry.js');
      zip.addReadStream(Readable.from([Buffer.from('body { color: red }')]), 'dist/assets/app.css');
      zip.addBuffer(Buffer.from('stored as is'), 'dist/notes.txt', { compress: false });
    });
    const { result, store } = await extract(archive);
    expect(result).toEqual({
      status: 'extracted',
      files: [
        { path: 'dist/remoteEntry.js', sizeBytes: entry.length },
        { path: 'dist/assets/app.css', sizeBytes: 19 },
        { path: 'dist/notes.txt', sizeBytes: 12 },
      ],
      totalBytes: entry.length + 19 + 12,
    });
    expect(storedFile(store, 'dist/remoteEntry.js')).toBe(entry);
    expect(storedFile(store, 'dist/assets/app.css')).toBe('body { color: red }');
    expect(storedFile(store, 'dist/notes.txt')).toBe('stored as is');
    expect(store.keysUnder(TARGET)).toHaveLength(3);
  });

  it('reads UTF-8 names and CP437 names', async () => {
    const { result, store } = await extract(
      buildZip([
        { name: 'assets/schön.txt', data: Buffer.from('utf8') },
        // 0x81 is ü in CP437; without the UTF-8 flag that is how the name reads.
        {
          name: Buffer.from([0x6d, 0x81, 0x6c, 0x6c, 0x2e, 0x74, 0x78, 0x74]),
          data: Buffer.from('cp437'),
          flags: 0,
        },
      ]),
    );
    expect(result.status).toBe('extracted');
    expect(storedFile(store, 'assets/schön.txt')).toBe('utf8');
    expect(storedFile(store, 'müll.txt')).toBe('cp437');
  });

  it('accepts plain files and folders with Unix modes, and an empty archive', async () => {
    const { result } = await extract(
      buildZip([
        { name: 'bin/', mode: 0o040755 },
        { name: 'bin/remoteEntry.js', data: Buffer.from('x'), mode: 0o100644 },
      ]),
    );
    expect(result).toMatchObject({
      status: 'extracted',
      files: [{ path: 'bin/remoteEntry.js', sizeBytes: 1 }],
    });
    expect((await extract(buildZip([]))).result).toEqual({ status: 'extracted', files: [], totalBytes: 0 });
  });

  it('accepts an archive exactly at both limits', async () => {
    const files = Array.from({ length: 4 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.alloc(25, 'a') }));
    const { result } = await extract(buildZip([{ name: 'dir/' }, ...files.slice(0, 4)]), {
      maxEntries: 5,
      maxBytes: 100,
    });
    expect(result).toMatchObject({ status: 'extracted', totalBytes: 100 });
  });

  it('passes a failure of the blob store on as an error, not as a refusal', async () => {
    const store = new InMemoryBlobStore();
    const archive = buildZip([{ name: 'a.js', data: Buffer.from('a') }]);
    await store.put(SOURCE, chunksOf(archive), { maxBytes: archive.length });
    const failing: BlobStore = {
      put: () => Promise.reject(new Error('disk full')),
      get: (key, range) => store.get(key, range),
      stat: (key) => store.stat(key),
      delete: (key) => store.delete(key),
      deleteByPrefix: (prefix) => store.deleteByPrefix(prefix),
    };
    await expect(
      new ZipBundleExtractor(failing).extract({
        sourceKey: SOURCE,
        targetPrefix: TARGET,
        limits: { maxEntries: 10, maxBytes: 100 },
      }),
    ).rejects.toThrow('disk full');
  });
});
