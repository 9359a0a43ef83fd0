import { NodeSecretTokens } from '../src';

describe('NodeSecretTokens', () => {
  const tokens = new NodeSecretTokens();

  it('generates unguessable URL-safe tokens of 256 bits', () => {
    const token = tokens.generate();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(new Set(Array.from({ length: 100 }, () => tokens.generate())).size).toBe(100);
  });

  it('never hands out the same token twice, across refills of its pool of random bytes', () => {
    const source = new NodeSecretTokens();
    // 128 tokens per refill: 1,000 draw the pool several times over.
    const drawn = Array.from({ length: 1000 }, () => source.generate());
    expect(new Set(drawn).size).toBe(1000);
    for (const token of drawn) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('hashes deterministically to SHA-256 hex, never echoing the token', () => {
    const token = tokens.generate();
    expect(tokens.hash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens.hash(token)).toBe(tokens.hash(token));
    expect(tokens.hash(token)).not.toBe(tokens.hash(tokens.generate()));
    // Known vector, so a stored hash keeps matching across releases.
    expect(tokens.hash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('compares equal strings as equal and anything else as different, whatever the lengths', () => {
    const token = tokens.generate();
    expect(tokens.equals(token, `${token}`)).toBe(true);
    expect(tokens.equals(token, tokens.generate())).toBe(false);
    expect(tokens.equals(token, token.slice(0, 10))).toBe(false);
    expect(tokens.equals('', token)).toBe(false);
    expect(tokens.equals('', '')).toBe(true);
  });
});
