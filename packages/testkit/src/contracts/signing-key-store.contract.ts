/// <reference types="jest" />
import type { SigningKeyStore, StoredSigningKey } from '@groundfloor/domain';
import { at, newId } from './contract-fixtures';
import type { ContractSubject, OpenSubject } from './contract-subject';

const aKey = (overrides: Partial<StoredSigningKey> = {}): StoredSigningKey => ({
  kid: `kid-${newId()}`,
  algorithm: 'RS256',
  privateKey: { keyId: 'master-1', wrappedKey: 'd3JhcA==', iv: 'aXY=', ciphertext: 'c2VjcmV0', tag: 'dGFn' },
  publicJwk: { kty: 'RSA', n: 'modulus', e: 'AQAB', use: 'sig', alg: 'RS256' },
  createdAt: at(0),
  retiredAt: null,
  ...overrides,
});

/** What every `SigningKeyStore` must do. */
export function describeSigningKeyStoreContract(label: string, open: OpenSubject<SigningKeyStore>): void {
  describe(`signing key store contract: ${label}`, () => {
    let opened: ContractSubject<SigningKeyStore> | undefined;
    const store = (): SigningKeyStore => {
      if (!opened) throw new Error('the signing key store did not open');
      return opened.subject;
    };
    beforeAll(async () => {
      opened = await open();
    });
    afterAll(async () => {
      await opened?.close();
    });

    // The store holds at most one current key, so every case starts from
    // the current key the previous one left, and moves it on by compare-and-set.
    const currentKid = async () => (await store().list()).find((k) => k.retiredAt === null)?.kid ?? null;

    it('round-trips keys and lists them newest first', async () => {
      const old = aKey({ createdAt: at(10), retiredAt: at(20) });
      const middle = aKey({ createdAt: at(15), retiredAt: at(20) });
      for (const k of [old, middle]) await store().save(k);
      const current = aKey({ createdAt: at(20) });
      expect(await store().replaceCurrent(current, await currentKid())).toBe(true);
      const mine = (await store().list()).filter((k) => [old.kid, current.kid, middle.kid].includes(k.kid));
      expect(mine).toEqual([current, middle, old]);
    });

    it('updates a key saved again under the same kid', async () => {
      const key = aKey({ createdAt: at(30), retiredAt: at(31) });
      await store().save(key);
      const rewrapped = { ...key, privateKey: { ...key.privateKey, keyId: 'master-2' } };
      await store().save(rewrapped);
      const mine = (await store().list()).filter((k) => k.kid === key.kid);
      expect(mine).toEqual([rewrapped]);
    });

    it("replaceCurrent makes the key current and retires the one it names, at the new key's time", async () => {
      const before = await currentKid();
      const next = aKey({ createdAt: at(50) });
      expect(await store().replaceCurrent(next, before)).toBe(true);
      const keys = await store().list();
      expect(keys.filter((k) => k.retiredAt === null).map((k) => k.kid)).toEqual([next.kid]);
      if (before) expect(keys.find((k) => k.kid === before)?.retiredAt).toEqual(at(50));
    });

    it('replaceCurrent writes nothing when the current key is not the one expected', async () => {
      const before = await store().list();
      const stale = aKey({ createdAt: at(60) });
      expect(await store().replaceCurrent(stale, 'kid-that-is-not-current')).toBe(false);
      expect(await store().list()).toEqual(before);
    });

    it('of many concurrent replaceCurrent calls from one current key, exactly one wins', async () => {
      const from = await currentKid();
      const contenders = Array.from({ length: 8 }, (_, i) => aKey({ createdAt: at(70 + i) }));
      const results = await Promise.all(contenders.map((k) => store().replaceCurrent(k, from)));
      expect(results.filter(Boolean)).toHaveLength(1);
      const current = (await store().list()).filter((k) => k.retiredAt === null);
      expect(current).toHaveLength(1);
      expect(current[0]?.kid).toBe(contenders[results.indexOf(true)]?.kid);
    });
  });
}
