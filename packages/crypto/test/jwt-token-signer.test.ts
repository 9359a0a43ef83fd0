import { createHmac, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { FakeClock, InMemorySigningKeyStore, SequentialIds } from '@groundfloor/testkit';
import * as jwt from 'jsonwebtoken';
import { createMasterKeyRing, JwtTokenSigner, NodeCryptoKeyManagement } from '../src';

// RSA key generation is the slow part: the whole file makes three keys.
const ISSUER = 'http://control.test';
const ACCESS = { subject: 'user-1', audience: 'control', expiresInSeconds: 900 };
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'];

const kidOf = (token: string) => jwt.decode(token, { complete: true })?.header.kid;
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('JwtTokenSigner', () => {
  const kms = new NodeCryptoKeyManagement(createMasterKeyRing(randomBytes(32)));
  const store = new InMemorySigningKeyStore();
  const clock = new FakeClock();
  const signer = new JwtTokenSigner({ store, kms, clock, issuer: ISSUER, ids: new SequentialIds() });
  let firstKid: string;

  beforeAll(async () => {
    await signer.init();
    firstKid = [...store.keys.keys()][0] as string;
  });

  it('creates one key on an empty store and keeps its private half sealed under the master key', async () => {
    await signer.init();
    expect(store.keys.size).toBe(1);
    const stored = store.keys.get(firstKid)!;
    expect(stored).toMatchObject({ algorithm: 'RS256', retiredAt: null });
    expect(stored.privateKey.keyId).toBe(kms.currentKeyId);
    expect(JSON.stringify(stored)).not.toContain('PRIVATE KEY');
    const pem = Buffer.from(await kms.open(stored.privateKey, `signing-key:${firstKid}`)).toString();
    expect(pem).toContain('BEGIN PRIVATE KEY');
  });

  it('signs RS256 with the kid and verifies back to the claims', async () => {
    const token = await signer.sign({ sid: 's-1', typ: 'access' }, { ...ACCESS, jwtid: 'jti-1' });
    expect(jwt.decode(token, { complete: true })?.header).toEqual({
      alg: 'RS256',
      typ: 'JWT',
      kid: firstKid,
    });
    const now = Math.floor(clock.now().getTime() / 1000);
    expect(await signer.verify(token, { audience: 'control' })).toEqual({
      sid: 's-1',
      typ: 'access',
      iss: ISSUER,
      sub: 'user-1',
      aud: 'control',
      iat: now,
      exp: now + 900,
      jti: 'jti-1',
    });
  });

  it('lets the options override reserved claims, and honours another issuer', async () => {
    const token = await signer.sign(
      { sub: 'forged', aud: 'other', exp: 1 },
      { ...ACCESS, issuer: 'http://control.test/v1/public/workspaces/ws-1' },
    );
    expect(await signer.verify(token, { audience: 'control' })).toBeNull();
    const claims = await signer.verify(token, {
      audience: 'control',
      issuer: 'http://control.test/v1/public/workspaces/ws-1',
    });
    expect(claims).toMatchObject({
      sub: 'user-1',
      aud: 'control',
      exp: Math.floor(clock.now().getTime() / 1000) + 900,
    });
  });

  it('with anyIssuer accepts a token of any issuer, still checking audience, signature and expiry', async () => {
    const issuer = 'http://control.test/v1/public/workspaces/ws-2';
    const token = await signer.sign({}, { ...ACCESS, issuer });
    expect(await signer.verify(token, { audience: 'control' })).toBeNull();
    expect(await signer.verify(token, { audience: 'control', anyIssuer: true })).toMatchObject({
      iss: issuer,
    });
    expect(await signer.verify(token, { audience: 'm2m', anyIssuer: true })).toBeNull();
    const [header, payload] = token.split('.');
    expect(
      await signer.verify(`${header}.${payload}.AAAA`, { audience: 'control', anyIssuer: true }),
    ).toBeNull();
  });

  it('refuses another audience', async () => {
    const refresh = await signer.sign({}, { ...ACCESS, audience: 'control-refresh' });
    expect(await signer.verify(refresh, { audience: 'control' })).toBeNull();
  });

  it('a token verified once (and remembered) still passes only for its own audience and issuer', async () => {
    const token = await signer.sign({}, ACCESS);
    expect(await signer.verify(token, { audience: 'control' })).not.toBeNull();
    expect(await signer.verify(token, { audience: 'control' })).not.toBeNull();
    expect(await signer.verify(token, { audience: 'm2m' })).toBeNull();
    expect(await signer.verify(token, { audience: 'control', issuer: 'https://elsewhere.test' })).toBeNull();
  });

  it('a tampered token carrying a remembered token’s signature is still refused', async () => {
    const token = await signer.sign({ role: 'member' }, ACCESS);
    expect(await signer.verify(token, { audience: 'control' })).toMatchObject({ role: 'member' });
    const [header, , signature] = token.split('.');
    const tampered = `${header}.${part({ ...jwt.decode(token, { json: true }), role: 'owner' })}.${signature}`;
    expect(await signer.verify(tampered, { audience: 'control' })).toBeNull();
    expect(await signer.verify(token, { audience: 'control' })).toMatchObject({ role: 'member' });
  });

  it('refuses a token once the injected clock passes its expiry', async () => {
    const local = new FakeClock(clock.now());
    const shortLived = new JwtTokenSigner({ store, kms, clock: local, issuer: ISSUER });
    const token = await shortLived.sign({}, { ...ACCESS, expiresInSeconds: 60 });
    local.advance(59);
    expect(await shortLived.verify(token, { audience: 'control' })).not.toBeNull();
    local.advance(1);
    expect(await shortLived.verify(token, { audience: 'control' })).toBeNull();
  });

  it('refuses tampered, malformed and forged tokens', async () => {
    const token = await signer.sign({ role: 'member' }, ACCESS);
    const [header, , signature] = token.split('.');
    const tampered = `${header}.${part({ ...jwt.decode(token, { json: true }), role: 'owner' })}.${signature}`;
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forged = jwt.sign({ sub: 'user-1', aud: 'control', iss: ISSUER }, other, {
      algorithm: 'RS256',
      keyid: firstKid,
      expiresIn: 900,
    });
    for (const bad of [tampered, forged, '', 'not.a.jwt', `${header}..`, token.slice(0, -2)]) {
      expect(await signer.verify(bad, { audience: 'control' })).toBeNull();
    }
  });

  it('refuses alg none and an HS256 token keyed with the public key', async () => {
    const payload = part({ sub: 'user-1', aud: 'control', iss: ISSUER, exp: 9_999_999_999 });
    const none = `${part({ alg: 'none', typ: 'JWT', kid: firstKid })}.${payload}.`;
    expect(await signer.verify(none, { audience: 'control' })).toBeNull();

    const jwk = (await signer.jwks()).keys[0]!;
    const publicPem = createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
    const hmac = createHmac('sha256', publicPem);
    const signingInput = `${part({ alg: 'HS256', typ: 'JWT', kid: firstKid })}.${payload}`;
    const confused = `${signingInput}.${hmac.update(signingInput).digest('base64url')}`;
    expect(await signer.verify(confused, { audience: 'control' })).toBeNull();
  });

  it('publishes only public members in the JWKS', async () => {
    const { keys } = await signer.jwks();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', kid: firstKid, alg: 'RS256', use: 'sig', e: 'AQAB' });
    expect(Object.keys(keys[0]!).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    for (const member of PRIVATE_MEMBERS) expect(keys[0]).not.toHaveProperty(member);
  });

  describe('rotation and replicas', () => {
    // A second replica on the same store, started after the first made its key.
    const replica = new JwtTokenSigner({ store, kms, clock, issuer: ISSUER, ids: new SequentialIds() });
    let beforeRotation: string;

    beforeAll(async () => {
      beforeRotation = await signer.sign({}, ACCESS);
      await replica.init();
    });

    it('a replica sharing the store verifies without making a key of its own', async () => {
      expect(store.keys.size).toBe(1);
      expect(await replica.verify(beforeRotation, { audience: 'control' })).toMatchObject({ sub: 'user-1' });
    });

    it('after rotate, new tokens carry the new kid and old tokens still verify', async () => {
      await signer.rotate();
      const after = await signer.sign({}, ACCESS);
      expect(kidOf(after)).not.toBe(firstKid);
      expect(await signer.verify(beforeRotation, { audience: 'control' })).not.toBeNull();
      expect(await signer.verify(after, { audience: 'control' })).not.toBeNull();
      expect(store.keys.get(firstKid)?.retiredAt).toEqual(clock.now());
    });

    it('the replica verifies tokens of a key rotated in by the other one', async () => {
      const after = await signer.sign({}, ACCESS);
      expect(await replica.verify(after, { audience: 'control' })).toMatchObject({ sub: 'user-1' });
    });

    it('the replica signs with the new key once its cache is refreshed', async () => {
      clock.advance(5 * 60);
      const token = await replica.sign({}, ACCESS);
      expect(kidOf(token)).toBe(kidOf(await signer.sign({}, ACCESS)));
    });

    it('keeps the retired key in the JWKS for 30 days and an hour, then drops it', async () => {
      const kids = async () => (await signer.jwks()).keys.map((k) => k.kid).sort();
      const newKid = kidOf(await signer.sign({}, ACCESS));
      // The key was retired five minutes ago (the previous test moved the clock).
      clock.advance(30 * 24 * 3600 + 3600 - 5 * 60 - 1);
      expect(await kids()).toEqual([firstKid, newKid].sort());
      clock.advance(1);
      expect(await kids()).toEqual([newKid]);
      for (const jwk of (await signer.jwks()).keys) {
        for (const member of PRIVATE_MEMBERS) expect(jwk).not.toHaveProperty(member);
      }
    });

    it('two replicas rotating at once publish one current key, and both sign with it', async () => {
      const [first, second] = await Promise.all([signer.rotate(), replica.rotate()]);
      expect([first, second].sort()).toEqual([false, true]);
      const current = [...store.keys.values()].filter((k) => k.retiredAt === null);
      expect(current).toHaveLength(1);
      expect(kidOf(await signer.sign({}, ACCESS))).toBe(current[0]?.kid);
      expect(kidOf(await replica.sign({}, ACCESS))).toBe(current[0]?.kid);
    });

    it('answers null for an unknown kid after looking in the store once', async () => {
      const token = await signer.sign({}, ACCESS);
      const list = jest.spyOn(store, 'list');
      const [, payload, signature] = token.split('.');
      const unknown = `${part({ alg: 'RS256', typ: 'JWT', kid: 'no-such-kid' })}.${payload}.${signature}`;
      expect(await replica.verify(unknown, { audience: 'control' })).toBeNull();
      expect(await replica.verify(unknown, { audience: 'control' })).toBeNull();
      expect(list).toHaveBeenCalledTimes(1);
      list.mockRestore();
    });
  });
});
