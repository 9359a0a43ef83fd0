import { generateKeyPairSync } from 'node:crypto';
import * as jwt from 'jsonwebtoken';
import { signRs256 } from '../src/tokens/rs256-sign';

describe('signRs256', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const payload = {
    sid: 's-1',
    typ: 'access',
    pcr: false,
    iss: 'http://control.test',
    sub: 'user-1',
    aud: 'control',
    iat: 1_800_000_000,
    exp: 1_800_000_900,
    jti: 'jti-ü-1',
  };

  it('makes the token jsonwebtoken makes for the same payload and key id, byte for byte', async () => {
    const expected = jwt.sign(payload, privateKey, { algorithm: 'RS256', keyid: 'kid-1' });
    expect(await signRs256(payload, privateKey, 'kid-1')).toBe(expected);
  });

  it('is verified by jsonwebtoken, and refused under another key', async () => {
    const token = await signRs256(payload, privateKey, 'kid-1');
    expect(jwt.verify(token, publicKey, { algorithms: ['RS256'], clockTimestamp: 1_800_000_001 })).toEqual(
      payload,
    );
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    expect(() => jwt.verify(token, other, { algorithms: ['RS256'], clockTimestamp: 1_800_000_001 })).toThrow(
      'invalid signature',
    );
  });

  it('asks for the signature with a callback, so that it is made on the threadpool', async () => {
    // crypto.sign without a callback signs on the calling thread (the event loop).
    const spy = jest.spyOn(require('node:crypto') as typeof import('node:crypto'), 'sign');
    try {
      await signRs256(payload, privateKey, 'kid-1');
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]).toHaveLength(4);
      expect(typeof spy.mock.calls[0]?.[3]).toBe('function');
    } finally {
      spy.mockRestore();
    }
  });

  it('fails with a key that cannot sign', async () => {
    await expect(signRs256(payload, publicKey, 'kid-1')).rejects.toThrow();
  });
});
