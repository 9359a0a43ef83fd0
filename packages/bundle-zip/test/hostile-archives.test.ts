import { deflateRawSync } from 'node:zlib';
import type { BlobPutOptions, BlobPutResult } from '@groundfloor/domain';
import { InMemoryBlobStore } from '@groundfloor/testkit';
import { extract, REAL_LIMITS, TARGET } from './support/extract';
import { buildZip, type EntrySpec } from './support/zip-writer';

const js = (text: string) => Buffer.from(text, 'utf8');
const remoteEntry: EntrySpec = { name: 'remoteEntry.js', data: js('export {}') };
const MiB = 1024 * 1024;

/** Extracts `entries` and expects a refusal for `reason`, with nothing left where files go. */
async function expectRefused(
  entries: EntrySpec[],
  reason: string,
  limits = REAL_LIMITS,
): Promise<{ entry?: string }> {
  const { result, store } = await extract(buildZip(entries), limits);
  expect(result).toMatchObject({ status: 'refused', refusal: { reason } });
  expect(store.keysUnder(TARGET)).toEqual([]);
  return result.status === 'refused' ? result.refusal : {};
}

describe('hostile archives: paths', () => {
  it.each([
    ['a parent segment', '../evil.js'],
    ['a parent segment deeper in', 'dist/../../evil.js'],
    ['a trailing parent segment', 'dist/..'],
    ['an absolute path', '/etc/cron.d/evil'],
    ['a drive letter', 'C:/Windows/evil.js'],
    ['a backslash path', '..\\evil.js'],
    ['a current-folder segment', './remoteEntry.js'],
    ['an empty segment', 'dist//remoteEntry.js'],
    ['a control character', 'remote\u0000Entry.js'],
    ['a newline', 'remote\nEntry.js'],
    ['a name over 512 characters', `${'a/'.repeat(256)}b.js`],
    ['a segment over 255 characters', `${'a'.repeat(256)}.js`],
  ])('refuses %s, after a good file was already written', async (_what, name) => {
    const refusal = await expectRefused([remoteEntry, { name, data: js('pwned') }], 'unsafe_path');
    expect(refusal.entry).toBe(name);
  });

  it('refuses two files with one path, and a file where a folder is needed', async () => {
    await expectRefused([remoteEntry, { name: 'remoteEntry.js', data: js('second') }], 'duplicate_entry');
    await expectRefused(
      [
        { name: 'lib', data: js('file') },
        { name: 'lib/a.js', data: js('a') },
      ],
      'duplicate_entry',
    );
    await expectRefused(
      [
        { name: 'lib/a.js', data: js('a') },
        { name: 'lib', data: js('file') },
      ],
      'duplicate_entry',
    );
    await expectRefused([{ name: 'lib/' }, { name: 'lib', data: js('file') }], 'duplicate_entry');
  });
});

describe('hostile archives: links and special files', () => {
  it('refuses a symbolic link entry (Unix mode 0o120777), whatever it points at', async () => {
    const refusal = await expectRefused(
      [remoteEntry, { name: 'assets/passwd', data: js('/etc/passwd'), method: 0, mode: 0o120777 }],
      'link_entry',
    );
    expect(refusal.entry).toBe('assets/passwd');
  });

  it('refuses a symbolic link that poses as a folder', async () => {
    await expectRefused([{ name: 'assets/', data: js('/'), method: 0, mode: 0o120755 }], 'link_entry');
  });

  it.each([
    ['a FIFO', 0o010644],
    ['a character device', 0o020644],
    ['a block device', 0o060644],
    ['a socket', 0o140644],
  ])('refuses %s', async (_what, mode) => {
    await expectRefused([{ name: 'dev', data: js(''), method: 0, mode }], 'link_entry');
  });

  it('refuses a Windows reparse point (junction or symbolic link)', async () => {
    await expectRefused([{ name: 'junction', data: js('C:\\'), dosAttributes: 0x400 }], 'link_entry');
  });
});

describe('hostile archives: counts and sizes', () => {
  it('refuses more than 2,000 entries, and accepts exactly 2,000', async () => {
    const entries = (n: number): EntrySpec[] =>
      Array.from({ length: n }, (_, i) => ({ name: `chunks/${i}.js`, data: js(''), method: 0 }));
    await expectRefused(entries(2001), 'too_many_entries');
    const { result } = await extract(buildZip(entries(2000)));
    expect(result).toMatchObject({ status: 'extracted', totalBytes: 0 });
    expect(result.status === 'extracted' && result.files).toHaveLength(2000);
  });

  it('counts folder entries as entries', async () => {
    await expectRefused(
      [{ name: 'a/' }, { name: 'b/' }, { name: 'a/x.js', data: js('x') }],
      'too_many_entries',
      { maxEntries: 2, maxBytes: 100 },
    );
  });

  it('refuses a zip bomb that declares its real size before inflating any of it', async () => {
    // 64 MiB of zeros compress to about 64 KiB; the limit here is 1 MiB.
    const bomb = Buffer.alloc(64 * MiB);
    const refusal = await expectRefused([remoteEntry, { name: 'bomb.bin', data: bomb }], 'too_large', {
      maxEntries: 10,
      maxBytes: MiB,
    });
    expect(refusal.entry).toBe('bomb.bin');
  });

  it('refuses a zip bomb whose headers understate its size, without storing what it inflated', async () => {
    const bomb = Buffer.alloc(16 * MiB);
    const { result, store } = await extract(
      buildZip([remoteEntry, { name: 'small.bin', data: bomb, declaredSize: 1000 }]),
      { maxEntries: 10, maxBytes: MiB },
    );
    expect(result).toMatchObject({ status: 'refused', refusal: { reason: 'invalid', entry: 'small.bin' } });
    expect(store.keysUnder(TARGET)).toEqual([]);
  });

  it('refuses an understated entry when the store starts reading late, without an unhandled stream error', async () => {
    // The disk store opens its file before it reads; yauzl inflates the first
    // 16 KiB meanwhile and errors with nobody reading yet. Unheard, that
    // error would end the process.
    class LateStore extends InMemoryBlobStore {
      override async put(
        key: string,
        content: AsyncIterable<Uint8Array>,
        options: BlobPutOptions,
      ): Promise<BlobPutResult> {
        if (key.startsWith(TARGET)) await new Promise((resolve) => setTimeout(resolve, 50));
        return super.put(key, content, options);
      }
    }
    const { result, store } = await extract(
      buildZip([{ name: 'small.bin', data: Buffer.alloc(4 * MiB), declaredSize: 1000 }]),
      REAL_LIMITS,
      new LateStore(),
    );
    expect(result).toMatchObject({ status: 'refused', refusal: { reason: 'invalid', entry: 'small.bin' } });
    expect(store.keysUnder(TARGET)).toEqual([]);
  });

  it('refuses files that together pass the byte limit, however small each is', async () => {
    const files = Array.from({ length: 5 }, (_, i) => ({
      name: `part${i}.js`,
      data: Buffer.alloc(300, 'x'),
    }));
    await expectRefused(files, 'too_large', { maxEntries: 10, maxBytes: 1000 });
  });

  it('refuses entries whose data is shorter than declared, or whose checksum is wrong', async () => {
    await expectRefused([{ name: 'short.js', data: js('tiny'), declaredSize: 5000 }], 'invalid');
    await expectRefused([{ name: 'short.js', data: js('tiny'), method: 0, declaredSize: 3 }], 'invalid');
    await expectRefused([{ name: 'crc.js', data: js('content'), crc: 12345 }], 'invalid');
  });

  it('stops at the real 256 MiB limit: 257 files of 1 MiB each inflate to 256 MiB, then the archive is refused', async () => {
    const oneMiB = Buffer.alloc(MiB);
    const compressed = deflateRawSync(oneMiB);
    const files: EntrySpec[] = Array.from({ length: 257 }, (_, i) => ({
      name: `zeros/${i}.bin`,
      data: oneMiB,
      compressed,
    }));
    // Counts what is written instead of keeping 256 MiB in memory.
    const store = new CountingStore();
    const { result } = await extract(buildZip(files), REAL_LIMITS, store);
    expect(result).toMatchObject({
      status: 'refused',
      refusal: { reason: 'too_large', entry: 'zeros/256.bin' },
    });
    expect(store.bytesWrittenUnder(TARGET)).toBe(256 * MiB);
    expect(store.keysUnder(TARGET)).toEqual([]);
  });
});

describe('hostile archives: not zips', () => {
  it.each([
    ['random bytes', Buffer.from('definitely not a zip archive, just text that goes on for a while')],
    ['an empty upload', Buffer.alloc(0)],
    ['a truncated archive', buildZip([remoteEntry, { name: 'b.js', data: js('b') }]).subarray(0, 60)],
  ])('refuses %s as invalid', async (_what, bytes) => {
    const { result, store } = await extract(bytes);
    expect(result).toEqual({ status: 'refused', refusal: { reason: 'invalid' } });
    expect(store.keysUnder(TARGET)).toEqual([]);
  });

  it('refuses encrypted entries and compression methods it cannot read', async () => {
    await expectRefused([{ name: 'secret.js', data: js('x'), flags: 0x801 }], 'invalid');
    await expectRefused([{ name: 'bzip2.js', data: js('x'), method: 12 }], 'invalid');
  });

  it('refuses a file entry whose attributes say it is a folder', async () => {
    await expectRefused([{ name: 'looks-like-a-file', data: js(''), dosAttributes: 0x10 }], 'invalid');
  });
});

/** Keeps only sizes for extracted files (the archive itself is kept whole). */
class CountingStore extends InMemoryBlobStore {
  private readonly written = new Map<string, number>();
  private total = 0;

  override async put(
    key: string,
    content: AsyncIterable<Uint8Array>,
    options: BlobPutOptions,
  ): Promise<BlobPutResult> {
    if (!key.startsWith(TARGET)) return super.put(key, content, options);
    let size = 0;
    for await (const chunk of content) {
      size += chunk.byteLength;
      if (size > options.maxBytes) return { status: 'too_large', maxBytes: options.maxBytes };
    }
    this.written.set(key, size);
    this.total += size;
    this.objects.set(key, new Uint8Array(0));
    return { status: 'stored', sizeBytes: size, sha256: 'not computed' };
  }

  bytesWrittenUnder(prefix: string): number {
    return prefix === TARGET ? this.total : 0;
  }
}
