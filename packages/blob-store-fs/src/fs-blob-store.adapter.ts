import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type {
  BlobObject,
  BlobPutOptions,
  BlobPutResult,
  BlobRange,
  BlobStat,
  BlobStore,
} from '@groundfloor/domain';
import { pathOfKey, pathOfPrefix } from './blob-key-path';

const isMissing = (err: unknown) =>
  (err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR';

/**
 * Blobs as files under one root folder (`DATA_DIR/blobs` by default). A put
 * writes a temporary file beside the target and renames it over the target,
 * so a reader never sees half an object. Suits one server, or several that
 * share the folder over a filesystem with atomic rename; replicas on
 * separate disks need an object-store adapter instead.
 */
export class FsBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  async put(
    key: string,
    content: AsyncIterable<Uint8Array>,
    options: BlobPutOptions,
  ): Promise<BlobPutResult> {
    const target = pathOfKey(this.root, key);
    const temporary = path.join(path.dirname(target), `.tmp-${randomBytes(12).toString('hex')}`);
    const file = await openNew(temporary);
    let stored = false;
    try {
      const hash = createHash('sha256');
      let sizeBytes = 0;
      for await (const chunk of content) {
        sizeBytes += chunk.byteLength;
        // Checked before writing, so at most `maxBytes` ever reach the disk.
        if (sizeBytes > options.maxBytes) return { status: 'too_large', maxBytes: options.maxBytes };
        hash.update(chunk);
        await file.write(chunk);
      }
      await file.sync();
      await file.close();
      await rename(temporary, target);
      stored = true;
      return { status: 'stored', sizeBytes, sha256: hash.digest('hex') };
    } finally {
      if (!stored) {
        await file.close().catch(() => {});
        await unlink(temporary).catch(() => {});
      }
    }
  }

  async get(key: string, range?: BlobRange): Promise<BlobObject | null> {
    const file = pathOfKey(this.root, key);
    // Opened before reading the size, so a replacing put cannot slip between the two.
    const handle = await open(file, 'r').catch((err) => {
      if (isMissing(err)) return null;
      throw err;
    });
    if (handle === null) return null;
    try {
      const { size } = await handle.stat();
      const start = Math.min(range?.offset ?? 0, size);
      const end = range === undefined ? size : Math.min(size, start + range.length);
      if (end <= start) {
        await handle.close();
        return { sizeBytes: 0, content: emptyContent() };
      }
      const content = createReadStream('', { fd: handle, start, end: end - 1, autoClose: true });
      return { sizeBytes: end - start, content };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const info = await stat(pathOfKey(this.root, key));
      return info.isFile() ? { sizeBytes: info.size } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const file = pathOfKey(this.root, key);
    await unlink(file).catch((err) => {
      if (!isMissing(err)) throw err;
    });
    await this.pruneEmptyFolders(path.dirname(file));
  }

  async deleteByPrefix(prefix: string): Promise<number> {
    const folder = pathOfPrefix(this.root, prefix);
    const count = await countFiles(folder);
    await rm(folder, { recursive: true, force: true });
    await this.pruneEmptyFolders(path.dirname(folder));
    return count;
  }

  /** Removes empty folders from `folder` up to (not including) the root; best effort. */
  private async pruneEmptyFolders(folder: string): Promise<void> {
    let current = folder;
    while (current.startsWith(this.root + path.sep)) {
      try {
        await rmdir(current);
      } catch {
        return;
      }
      current = path.dirname(current);
    }
  }
}

/** Creates the file and its folders; once more if a delete pruned the folder in between. */
async function openNew(file: string) {
  for (let attempt = 1; ; attempt++) {
    await mkdir(path.dirname(file), { recursive: true });
    try {
      return await open(file, 'wx');
    } catch (err) {
      if (attempt >= 3 || !isMissing(err)) throw err;
    }
  }
}

async function* emptyContent(): AsyncIterable<Uint8Array> {}

/** Stored objects under `folder`, temporary files left out. */
async function countFiles(folder: string): Promise<number> {
  const entries = await readdir(folder, { withFileTypes: true }).catch((err) => {
    if (isMissing(err)) return [];
    throw err;
  });
  let count = 0;
  for (const entry of entries) {
    if (entry.isDirectory()) count += await countFiles(path.join(folder, entry.name));
    else if (!entry.name.startsWith('.')) count += 1;
  }
  return count;
}
