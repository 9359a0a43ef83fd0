import { CoalescingWriter } from '../src/repositories/coalescing-writer';

describe('the coalescing writer', () => {
  it('writes what arrives together in one statement, and settles each caller after its own write', async () => {
    const statements: number[][] = [];
    let release: () => void = () => {};
    const writer = new CoalescingWriter<number>(async (items) => {
      statements.push([...items]);
      if (statements.length === 1) await new Promise<void>((r) => (release = r));
    });
    const settled: number[] = [];
    const first = [1, 2, 3].map((n) => writer.add(n).then(() => settled.push(n)));
    await new Promise((r) => setImmediate(r));
    // While the first statement is on its way, later writes wait for the next one.
    const later = [4, 5].map((n) => writer.add(n).then(() => settled.push(n)));
    await new Promise((r) => setImmediate(r));
    expect(settled).toEqual([]);
    release();
    await Promise.all([...first, ...later]);
    expect(statements).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(settled).toEqual([1, 2, 3, 4, 5]);
  });

  it('fails only the caller whose row the database refuses', async () => {
    const written: number[] = [];
    const writer = new CoalescingWriter<number>(async (items) => {
      if (items.includes(2)) throw new Error('refused');
      written.push(...items);
    });
    const results = await Promise.allSettled([1, 2, 3].map((n) => writer.add(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(written).toEqual([1, 3]);
  });

  it('keeps a statement within its batch size', async () => {
    const sizes: number[] = [];
    const writer = new CoalescingWriter<number>(async (items) => {
      sizes.push(items.length);
    }, 2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => writer.add(n)));
    expect(sizes).toEqual([2, 2, 1]);
  });
});
