/// <reference types="jest" />
import type { BlobStore, BundleExtractor, ExtractionLimits } from '@groundfloor/domain';
import { chunksOf, readAll } from './blob-store.contract';
import { newId } from './contract-fixtures';
import type { ContractSubject } from './contract-subject';

/** One entry of an archive a contract test packs; folders are named without the trailing slash. */
export interface ArchiveEntry {
  readonly path: string;
  readonly kind?: 'file' | 'folder' | 'link';
  /** A file's content, or a link's target. */
  readonly content?: string;
}

/** An extractor, the store it reads from and writes to, and how to pack an archive it reads. */
export interface BundleExtractorSubject {
  readonly extractor: BundleExtractor;
  readonly store: BlobStore;
  pack(entries: readonly ArchiveEntry[]): Buffer;
}

const LIMITS: ExtractionLimits = { maxEntries: 10, maxBytes: 100 };

/**
 * What every `BundleExtractor` must do (bundle-extractor.port.ts), whatever
 * its archive format: the fake reads its own, the zip adapter zips.
 */
export function describeBundleExtractorContract(
  label: string,
  open: () => Promise<ContractSubject<BundleExtractorSubject>>,
): void {
  describe(`bundle extractor contract: ${label}`, () => {
    let opened: ContractSubject<BundleExtractorSubject> | undefined;
    const subject = (): BundleExtractorSubject => {
      if (!opened) throw new Error('the extractor did not open');
      return opened.subject;
    };
    beforeAll(async () => {
      opened = await open();
    });
    afterAll(async () => {
      await opened?.close();
    });

    /** Uploads `bytes` and extracts them under a fresh prefix. */
    async function extract(bytes: Buffer, limits = LIMITS) {
      const { store, extractor } = subject();
      const base = `contract/${newId()}`;
      const sourceKey = `${base}/upload`;
      const targetPrefix = `${base}/files/`;
      await store.put(sourceKey, chunksOf(bytes), { maxBytes: bytes.length });
      const result = await extractor.extract({ sourceKey, targetPrefix, limits });
      const read = async (path: string) => {
        const object = await store.get(`${targetPrefix}${path}`);
        return object ? (await readAll(object.content)).toString('utf8') : null;
      };
      /** How many objects were left under the prefix (it removes them to count). */
      const leftOver = () => store.deleteByPrefix(targetPrefix);
      return { result, read, leftOver };
    }
    const pack = (entries: readonly ArchiveEntry[]) => subject().pack(entries);

    it('stores every file under the target prefix and lists it with its size', async () => {
      const { result, read } = await extract(
        pack([
          { path: 'dist', kind: 'folder' },
          { path: 'dist/remoteEntry.js', content: 'export {}' },
          { path: 'dist/assets/app.css', content: 'body{}' },
        ]),
      );
      expect(result).toEqual({
        status: 'extracted',
        files: [
          { path: 'dist/remoteEntry.js', sizeBytes: 9 },
          { path: 'dist/assets/app.css', sizeBytes: 6 },
        ],
        totalBytes: 15,
      });
      expect(await read('dist/remoteEntry.js')).toBe('export {}');
      expect(await read('dist/assets/app.css')).toBe('body{}');
    });

    it('accepts an archive exactly at both limits', async () => {
      const entries = [
        { path: 'a', kind: 'folder' as const },
        ...[1, 2, 3].map((i) => ({ path: `a/${i}.js`, content: 'x'.repeat(25) })),
      ];
      const { result } = await extract(pack(entries), { maxEntries: 4, maxBytes: 75 });
      expect(result).toMatchObject({ status: 'extracted', totalBytes: 75 });
    });

    it.each([
      [
        'more entries than allowed, folders counted',
        [
          { path: 'a', kind: 'folder' },
          { path: 'b', kind: 'folder' },
          { path: 'a/x.js', content: 'x' },
        ],
        { maxEntries: 2, maxBytes: 100 },
        'too_many_entries',
      ],
      [
        'more bytes than allowed in all',
        [
          { path: 'a.js', content: 'x'.repeat(60) },
          { path: 'b.js', content: 'y'.repeat(60) },
        ],
        LIMITS,
        'too_large',
      ],
      [
        'a parent segment',
        [
          { path: 'ok.js', content: 'x' },
          { path: '../evil.js', content: 'x' },
        ],
        LIMITS,
        'unsafe_path',
      ],
      ['an absolute path', [{ path: '/etc/evil', content: 'x' }], LIMITS, 'unsafe_path'],
      [
        'a link',
        [
          { path: 'ok.js', content: 'x' },
          { path: 'link', kind: 'link', content: '/etc/passwd' },
        ],
        LIMITS,
        'link_entry',
      ],
      [
        'a path twice',
        [
          { path: 'a.js', content: 'x' },
          { path: 'a.js', content: 'y' },
        ],
        LIMITS,
        'duplicate_entry',
      ],
    ] as const)('refuses %s and leaves nothing under the prefix', async (_what, entries, limits, reason) => {
      const { result, leftOver } = await extract(pack(entries), limits);
      expect(result).toMatchObject({ status: 'refused', refusal: { reason } });
      expect(await leftOver()).toBe(0);
    });

    it('names the entry to blame', async () => {
      const { result } = await extract(pack([{ path: 'x/../../evil.js', content: 'x' }]));
      expect(result).toEqual({
        status: 'refused',
        refusal: { reason: 'unsafe_path', entry: 'x/../../evil.js' },
      });
    });

    it('refuses bytes that are not an archive as invalid', async () => {
      const { result } = await extract(Buffer.from('this is not an archive of any kind'));
      expect(result).toEqual({ status: 'refused', refusal: { reason: 'invalid' } });
    });
  });
}
