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

    it('round-trips keys and lists them newest first', async () => {
      const old = aKey({ createdAt: at(10), retiredAt: at(20) });
      const current = aKey({ createdAt: at(20) });
      const middle = aKey({ createdAt: at(15), retiredAt: at(20) });
      for (const k of [old, current, middle]) await store().save(k);
      const mine = (await store().list()).filter((k) => [old.kid, current.kid, middle.kid].includes(k.kid));
      expect(mine).toEqual([current, middle, old]);
    });

    it('updates a key saved again under the same kid', async () => {
      const key = aKey({ createdAt: at(30) });
      await store().save(key);
      const retired = { ...key, retiredAt: at(40) };
      await store().save(retired);
      const mine = (await store().list()).filter((k) => k.kid === key.kid);
      expect(mine).toEqual([retired]);
    });
  });
}
