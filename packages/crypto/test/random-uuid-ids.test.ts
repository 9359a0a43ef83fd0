import { RandomUuidIds } from '../src';

describe('RandomUuidIds', () => {
  it('produces distinct version 4 UUIDs', () => {
    const ids = new RandomUuidIds();
    const made = Array.from({ length: 50 }, () => ids.next());
    for (const id of made)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(made).size).toBe(made.length);
  });
});
