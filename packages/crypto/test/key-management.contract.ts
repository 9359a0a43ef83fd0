import { randomBytes } from 'node:crypto';
import { DomainError, type KeyManagement, type SealedValue } from '@groundfloor/domain';
import { createMasterKeyRing, type MasterKeyRing } from '../src';

export type MakeKeyManagement = (ring: MasterKeyRing) => KeyManagement;

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const secret = (value: string) => new Uint8Array(Buffer.from(value, 'utf8'));

/** Flips one bit of a base64 field, keeping its length. */
export function flip(field: string, byte = 0): string {
  const bytes = Buffer.from(field, 'base64');
  bytes[byte] = (bytes[byte] ?? 0) ^ 0x01;
  return bytes.toString('base64');
}

async function expectFailure(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect(error).toMatchObject({ kind: 'unavailable', code });
}

/** What every KeyManagement adapter must do; run against each of them. */
export function describeKeyManagementContract(name: string, make: MakeKeyManagement): void {
  describe(`${name} (KeyManagement contract)`, () => {
    const keyA = randomBytes(32);
    const keyB = randomBytes(32);
    const ringA = createMasterKeyRing(keyA);
    const kms = make(ringA);

    it('opens what it sealed, including empty and binary plaintexts', async () => {
      const binary = new Uint8Array(randomBytes(4096));
      for (const plaintext of [secret('postgres://user:pw@db/app'), new Uint8Array(0), binary]) {
        const opened = await kms.open(await kms.seal(plaintext));
        expect(Buffer.from(opened).equals(Buffer.from(plaintext))).toBe(true);
      }
    });

    it('names the current master key and follows the envelope sizes', async () => {
      const sealed = await kms.seal(secret('hunter2-hunter2'));
      expect(kms.currentKeyId).toBe(ringA.current.id);
      expect(sealed.keyId).toBe(ringA.current.id);
      expect(Buffer.from(sealed.iv, 'base64')).toHaveLength(12);
      expect(Buffer.from(sealed.tag, 'base64')).toHaveLength(16);
      expect(Buffer.from(sealed.wrappedKey, 'base64')).toHaveLength(12 + 16 + 32);
      expect(Buffer.from(sealed.ciphertext, 'base64')).toHaveLength('hunter2-hunter2'.length);
      expect(Buffer.from(sealed.ciphertext, 'base64').toString('latin1')).not.toContain('hunter2');
    });

    it('uses a fresh data key and IV every time', async () => {
      const [one, two] = await Promise.all([kms.seal(secret('same')), kms.seal(secret('same'))]);
      expect(one?.wrappedKey).not.toBe(two?.wrappedKey);
      expect(one?.iv).not.toBe(two?.iv);
      expect(one?.ciphertext).not.toBe(two?.ciphertext);
    });

    it('binds the context: another or a missing context does not open', async () => {
      const sealed = await kms.seal(secret('db password'), 'secret:ws-1:DB');
      expect(text(await kms.open(sealed, 'secret:ws-1:DB'))).toBe('db password');
      await expectFailure(kms.open(sealed, 'secret:ws-2:DB'), 'decryption_failed');
      await expectFailure(kms.open(sealed), 'decryption_failed');
    });

    it('refuses a value altered in any field', async () => {
      const sealed = await kms.seal(secret('do not touch'), 'ctx');
      const altered: SealedValue[] = [
        { ...sealed, ciphertext: flip(sealed.ciphertext) },
        { ...sealed, iv: flip(sealed.iv) },
        { ...sealed, tag: flip(sealed.tag, 15) },
        { ...sealed, wrappedKey: flip(sealed.wrappedKey, 40) },
        { ...sealed, wrappedKey: flip(sealed.wrappedKey, 0) },
        { ...sealed, tag: Buffer.from(sealed.tag, 'base64').subarray(0, 4).toString('base64') },
        { ...sealed, wrappedKey: sealed.wrappedKey.slice(0, 20) },
      ];
      for (const value of altered) await expectFailure(kms.open(value, 'ctx'), 'decryption_failed');
    });

    it('refuses a value whose data key was taken from another value', async () => {
      const one = await kms.seal(secret('one'));
      const two = await kms.seal(secret('two'));
      await expectFailure(kms.open({ ...one, wrappedKey: two.wrappedKey }), 'decryption_failed');
    });

    it('answers key_unavailable for a master key it was not given', async () => {
      const sealed = await make(createMasterKeyRing(keyB)).seal(secret('elsewhere'));
      await expectFailure(kms.open(sealed), 'key_unavailable');
      await expectFailure(kms.rewrap(sealed), 'key_unavailable');
    });

    it('after a rotation opens old values and rewraps them under the new key', async () => {
      const old = await kms.seal(secret('rotate me'), 'ctx');
      const rotated = make(createMasterKeyRing(keyB, [keyA]));
      expect(rotated.currentKeyId).not.toBe(kms.currentKeyId);
      expect(text(await rotated.open(old, 'ctx'))).toBe('rotate me');

      const moved = await rotated.rewrap(old);
      expect(moved.keyId).toBe(rotated.currentKeyId);
      expect(moved.wrappedKey).not.toBe(old.wrappedKey);
      expect({ ciphertext: moved.ciphertext, iv: moved.iv, tag: moved.tag }).toEqual({
        ciphertext: old.ciphertext,
        iv: old.iv,
        tag: old.tag,
      });

      const onlyB = make(createMasterKeyRing(keyB));
      expect(text(await onlyB.open(moved, 'ctx'))).toBe('rotate me');
      await expectFailure(onlyB.open(old, 'ctx'), 'key_unavailable');
    });

    it('leaves a value already under the current key as it is on rewrap', async () => {
      const sealed = await kms.seal(secret('current'));
      expect(await kms.rewrap(sealed)).toEqual(sealed);
    });
  });
}
