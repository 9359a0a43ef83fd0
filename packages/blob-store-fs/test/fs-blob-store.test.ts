import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FsBlobStore } from '@groundfloor/blob-store-fs';
import { chunksOf } from '@groundfloor/testkit';

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

async function* failing(): AsyncIterable<Uint8Array> {
  yield Buffer.from('part');
  throw new Error('dropped');
}

describe('FsBlobStore on disk', () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'gf-blobs-'));
  const root = path.join(parent, 'blobs');
  const store = new FsBlobStore(root);
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('keeps every object inside its root and leaves no temporary file behind', async () => {
    await store.put('releases/r1/files/index.js', chunksOf(Buffer.from('ok')), { maxBytes: 10 });
    await store.put('releases/r1/upload', chunksOf(Buffer.alloc(20)), { maxBytes: 10 });
    await store.put('releases/r2/upload', failing(), { maxBytes: 10 }).catch(() => {});
    await expect(store.put('../outside', chunksOf(Buffer.from('x')), { maxBytes: 10 })).rejects.toThrow();
    expect(readdirSync(parent)).toEqual(['blobs']);
    expect(filesUnder(root)).toEqual([path.join('d_releases', 'd_r1', 'd_files', 'f_index.js')]);
  });

  it('removes the folders a prefix deletion empties, up to the root', async () => {
    await store.put('gone/a/b/c', chunksOf(Buffer.from('x')), { maxBytes: 10 });
    await store.deleteByPrefix('gone/a/');
    expect(readdirSync(root)).not.toContain('d_gone');
  });
});
