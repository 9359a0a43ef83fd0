import { CoalescingReader } from '../src/repositories/coalescing-reader';

describe('the coalescing reader', () => {
  it('answers lookups that arrive together with one read, and later ones with the next', async () => {
    const reads: string[][] = [];
    let release: () => void = () => {};
    const rows = new Map([
      ['a', { name: 'A' }],
      ['b', { name: 'B' }],
      ['c', { name: 'C' }],
    ]);
    const reader = new CoalescingReader<string, { name: string }>(async (keys) => {
      reads.push([...keys]);
      if (reads.length === 1) await new Promise<void>((r) => (release = r));
      return new Map(keys.flatMap((k) => (rows.has(k) ? [[k, rows.get(k) as { name: string }]] : [])));
    });
    const first = Promise.all(['a', 'b', 'a', 'x'].map((k) => reader.get(k)));
    await new Promise((r) => setImmediate(r));
    const later = reader.get('c');
    release();
    const [a, b, again, missing] = await first;
    expect([a, b, again, missing]).toEqual([{ name: 'A' }, { name: 'B' }, { name: 'A' }, null]);
    expect(await later).toEqual({ name: 'C' });
    expect(reads).toEqual([['a', 'b', 'x'], ['c']]);
    // One row asked for twice: each caller has its own copy.
    expect(a).not.toBe(again);
  });

  it('fails every lookup of a read that fails, and reads again for the next', async () => {
    let fail = true;
    const reader = new CoalescingReader<string, number>(async (keys) => {
      if (fail) throw new Error('connection lost');
      return new Map(keys.map((k) => [k, k.length]));
    });
    const failed = await Promise.allSettled([reader.get('a'), reader.get('bb')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await reader.get('ccc')).toBe(3);
  });

  it('keeps a read within its number of keys', async () => {
    const sizes: number[] = [];
    const reader = new CoalescingReader<number, number>(async (keys) => {
      sizes.push(keys.length);
      return new Map(keys.map((k) => [k, k]));
    }, 4);
    await Promise.all(Array.from({ length: 10 }, (_, i) => reader.get(i)));
    expect(sizes).toEqual([4, 4, 2]);
  });
});
