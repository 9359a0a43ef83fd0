import { createPublicKey } from 'node:crypto';
import { TOKEN_SIGNER, type TokenSigner } from '@groundfloor/domain';
import jwt from 'jsonwebtoken';
import { bearer, operator, organizationWithOwner, uniqueEmail } from './support/api';
import { requirePasswordChange } from './support/seed';
import { DATABASES, startTestServer, type TestServer } from './support/test-server';

const tokenFrom = (text: string) => (/#token=(\S+)/.exec(text) ?? [])[1] as string;

describe.each(DATABASES)('team sign-in and sessions on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('rotates refresh tokens; reusing a spent one revokes the whole session', async () => {
    const owner = await organizationWithOwner(t);
    const second = await t.http
      .post('/v1/auth/token')
      .send({ refresh_token: owner.refreshToken })
      .expect(200);
    expect(second.body.refresh_token).not.toBe(owner.refreshToken);
    await t.http.get('/v1/me').set(bearer(second.body.access_token)).expect(200);
    const reuse = await t.http.post('/v1/auth/token').send({ refresh_token: owner.refreshToken }).expect(401);
    expect(reuse.body.code).toBe('invalid_refresh_token');
    await t.http.get('/v1/me').set(bearer(second.body.access_token)).expect(401);
    await t.http.post('/v1/auth/token').send({ refresh_token: second.body.refresh_token }).expect(401);
  });

  it('logout answers 204 and ends the session', async () => {
    const owner = await organizationWithOwner(t);
    await t.http.post('/v1/auth/logout').send({ refresh_token: owner.refreshToken }).expect(204);
    await t.http.get('/v1/me').set(bearer(owner.token)).expect(401);
    await t.http.post('/v1/auth/token').send({ refresh_token: owner.refreshToken }).expect(401);
  });

  it('GET /v1/me describes the caller and their memberships', async () => {
    const owner = await organizationWithOwner(t);
    const me = await t.http.get('/v1/me').set(bearer(owner.token)).expect(200);
    // The operator set this owner's password: the operator vouches for the address.
    expect(me.body).toMatchObject({ email: owner.email, email_verified: true });
    expect(me.body.memberships).toEqual([
      {
        id: expect.any(String),
        scope_type: 'account',
        scope_id: owner.organizationId,
        role: 'owner',
        status: 'accepted',
      },
    ]);
    expect(me.body).not.toHaveProperty('password_hash');
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('GET /v1/me/capabilities says organization creation is off by default', async () => {
    const owner = await organizationWithOwner(t);
    const caps = await t.http.get('/v1/me/capabilities').set(bearer(owner.token)).expect(200);
    expect(caps.body).toEqual({ can_create_organization: false });
    const refused = await t.http
      .post('/v1/organizations')
      .set(bearer(owner.token))
      .send({ name: 'Mine' })
      .expect(403);
    expect(refused.body.code).toBe('organization_creation_disabled');
  });

  it('POST /v1/me/password changes the password and revokes other sessions', async () => {
    const owner = await organizationWithOwner(t);
    const other = await t.http
      .post('/v1/auth/token')
      .send({ email: owner.email, password: owner.password })
      .expect(200);
    await t.http
      .post('/v1/me/password')
      .set(bearer(owner.token))
      .send({ current_password: owner.password, new_password: 'brand-new-password' })
      .expect(204);
    await t.http.get('/v1/me').set(bearer(owner.token)).expect(200);
    await t.http.get('/v1/me').set(bearer(other.body.access_token)).expect(401);
    await t.http.post('/v1/auth/token').send({ email: owner.email, password: owner.password }).expect(401);
    await t.http
      .post('/v1/auth/token')
      .send({ email: owner.email, password: 'brand-new-password' })
      .expect(200);
  });

  it('POST /v1/me/password refuses a wrong current password (422) and a short new one (422)', async () => {
    const owner = await organizationWithOwner(t);
    const wrong = await t.http
      .post('/v1/me/password')
      .set(bearer(owner.token))
      .send({ current_password: 'not-it-at-all', new_password: 'brand-new-password' })
      .expect(422);
    expect(wrong.body.code).toBe('invalid_current_password');
    const short = await t.http
      .post('/v1/me/password')
      .set(bearer(owner.token))
      .send({ current_password: owner.password, new_password: 'short' })
      .expect(422);
    expect(short.body.errors).toEqual([expect.objectContaining({ field: 'new_password' })]);
    await t.http.post('/v1/auth/token').send({ email: owner.email, password: owner.password }).expect(200);
  });

  it('a temporary-password token works only on GET /v1/me and POST /v1/me/password', async () => {
    const owner = await organizationWithOwner(t);
    await requirePasswordChange(t, owner.email);
    const signIn = await t.http
      .post('/v1/auth/token')
      .send({ email: owner.email, password: owner.password })
      .expect(200);
    expect(signIn.body.password_change_required).toBe(true);
    const auth = bearer(signIn.body.access_token);
    await t.http.get('/v1/me').set(auth).expect(200);
    const blocked = await t.http.get(`/v1/organizations/${owner.organizationId}`).set(auth).expect(403);
    expect(blocked.body.code).toBe('password_change_required');
    await t.http.get('/v1/me/capabilities').set(auth).expect(403);
    await t.http
      .post('/v1/me/password')
      .set(auth)
      .send({ current_password: owner.password, new_password: 'my-own-password' })
      .expect(204);
    await t.http.get(`/v1/organizations/${owner.organizationId}`).set(auth).expect(200);
  });

  it('set-password links: the owner invited without a password sets one, once, and the membership stays pending', async () => {
    const email = uniqueEmail('invitee');
    const created = await t.http
      .post('/v1/operator/organizations')
      .set(operator)
      .send({ name: 'Linked', owner_email: email })
      .expect(201);
    expect(created.body.owner_membership).toMatchObject({
      status: 'pending',
      email_sent: true,
      email_skipped_reason: null,
    });
    const message = t.mailer.sent.find((m) => m.to === email);
    expect(message?.text).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/set-password#token=\S+$/m);
    expect(message?.text).not.toMatch(/password:/i);
    const token = tokenFrom(message?.text ?? '');

    const inspected = await t.http.post('/v1/public/password-links/inspect').send({ token }).expect(200);
    expect(inspected.body).toEqual({
      email_masked: expect.stringMatching(/^i\*\*\*@example\.test$/),
      expires_at: expect.any(String),
    });
    const hours = (Date.parse(inspected.body.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);

    await t.http.post('/v1/public/password-links/redeem').send({ token, password: 'short' }).expect(422);
    const redeemed = await t.http
      .post('/v1/public/password-links/redeem')
      .send({ token, password: 'chosen-password' })
      .expect(200);
    expect(redeemed.body).toEqual({ email });
    await t.http
      .post('/v1/public/password-links/redeem')
      .send({ token, password: 'chosen-password' })
      .expect(410);
    await t.http.post('/v1/public/password-links/inspect').send({ token }).expect(410);

    const signIn = await t.http
      .post('/v1/auth/token')
      .send({ email, password: 'chosen-password' })
      .expect(200);
    const me = await t.http.get('/v1/me').set(bearer(signIn.body.access_token)).expect(200);
    expect(me.body.memberships).toEqual([expect.objectContaining({ status: 'pending', role: 'owner' })]);
    // A pending membership grants nothing.
    await t.http
      .get(`/v1/organizations/${created.body.organization.id}`)
      .set(bearer(signIn.body.access_token))
      .expect(403);
  });

  it('expired, wrong-kind and tampered tokens are 401 with WWW-Authenticate: Bearer', async () => {
    const owner = await organizationWithOwner(t);
    const me = await t.http.get('/v1/me').set(bearer(owner.token)).expect(200);
    const { sid } = jwt.decode(owner.token) as { sid: string };
    const signer = await t.running.container.getAsync<TokenSigner>(TOKEN_SIGNER);
    const expired = await signer.sign(
      { sid, typ: 'access', pcr: false },
      { subject: me.body.id, audience: 'control', expiresInSeconds: -60 },
    );
    const [head, payload] = owner.token.split('.');
    const tampered = `${head}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    for (const token of [expired, owner.refreshToken, tampered]) {
      const res = await t.http.get('/v1/me').set(bearer(token)).expect(401);
      expect(res.body.code).toBe('invalid_token');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
    // An access token is not a refresh token.
    const swapped = await t.http.post('/v1/auth/token').send({ refresh_token: owner.token }).expect(401);
    expect(swapped.body.code).toBe('invalid_refresh_token');
    expect(swapped.headers['www-authenticate']).toMatch(/^Bearer/);
    await t.http.get('/v1/me').set('Authorization', `Basic ${owner.token}`).expect(401);
  });

  it('sign-in answers the supplement shape; refresh answers a new pair of the same shape', async () => {
    const owner = await organizationWithOwner(t);
    const signIn = await t.http
      .post('/v1/auth/token')
      .send({ email: ` ${owner.email.toUpperCase()} `, password: owner.password })
      .expect(200);
    const shape = {
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 900,
      refresh_token: expect.any(String),
      password_change_required: false,
    };
    expect(signIn.body).toEqual(shape);
    const refreshed = await t.http
      .post('/v1/auth/token')
      .send({ refresh_token: signIn.body.refresh_token })
      .expect(200);
    expect(refreshed.body).toEqual(shape);
    const refreshClaims = jwt.decode(refreshed.body.refresh_token) as { exp: number; iat: number };
    expect(refreshClaims.exp - refreshClaims.iat).toBe(30 * 24 * 3600);
    const accessClaims = jwt.decode(refreshed.body.access_token) as { exp: number; iat: number };
    expect(accessClaims.exp - accessClaims.iat).toBe(900);
    // An OAuth-style grant_type is accepted when it names the form used.
    const oauth = await t.http
      .post('/v1/auth/token')
      .send({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token })
      .expect(200);
    await t.http
      .post('/v1/auth/token')
      .send({ grant_type: 'password', refresh_token: oauth.body.refresh_token })
      .expect(422);
    await t.http
      .post('/v1/auth/token')
      .send({ grant_type: 'password', email: owner.email, password: owner.password })
      .expect(200);
    const unknown = await t.http
      .post('/v1/auth/token')
      .send({ email: uniqueEmail('nobody'), password: owner.password })
      .expect(401);
    expect(unknown.body.code).toBe('invalid_credentials');
  });

  it('logout: 204 again for an ended session, 401 for a token that does not verify, 422 without one', async () => {
    const owner = await organizationWithOwner(t);
    await t.http.post('/v1/auth/logout').send({ refresh_token: owner.refreshToken }).expect(204);
    await t.http.post('/v1/auth/logout').send({ refresh_token: owner.refreshToken }).expect(204);
    const bad = await t.http.post('/v1/auth/logout').send({ refresh_token: 'garbage' }).expect(401);
    expect(bad.headers['www-authenticate']).toMatch(/^Bearer/);
    await t.http.post('/v1/auth/logout').send({}).expect(422);
  });

  it('passwords are 8 to 128 characters, counted as characters', async () => {
    const owner = await organizationWithOwner(t);
    const change = (current: string, next: string) =>
      t.http
        .post('/v1/me/password')
        .set(bearer(owner.token))
        .send({ current_password: current, new_password: next });
    for (const refused of ['a'.repeat(7), 'a'.repeat(129), '🔑'.repeat(7)]) {
      const res = await change(owner.password, refused).expect(422);
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'new_password' })]);
    }
    await change(owner.password, 'a'.repeat(8)).expect(204);
    await change('a'.repeat(8), 'b'.repeat(128)).expect(204);
    await change('b'.repeat(128), '🔑'.repeat(100)).expect(204);
    await t.http
      .post('/v1/auth/token')
      .send({ email: owner.email, password: '🔑'.repeat(100) })
      .expect(200);
    await t.http
      .post('/v1/operator/organizations')
      .set(operator)
      .send({ name: 'X', owner_email: uniqueEmail(), owner_password: 'x'.repeat(129) })
      .expect(422);
  });

  it('a newer set-password link cancels the older one (410); the newer one works', async () => {
    const email = uniqueEmail('relinked');
    for (const name of ['First', 'Second']) {
      await t.http
        .post('/v1/operator/organizations')
        .set(operator)
        .send({ name, owner_email: email })
        .expect(201);
    }
    const [older, newer] = t.mailer.sent.filter((m) => m.to === email).map((m) => tokenFrom(m.text ?? ''));
    expect(older).toBeDefined();
    expect(newer).toBeDefined();
    const gone = await t.http.post('/v1/public/password-links/inspect').send({ token: older }).expect(410);
    expect(gone.body.code).toBe('link_unusable');
    await t.http
      .post('/v1/public/password-links/redeem')
      .send({ token: older, password: 'chosen-password' })
      .expect(410);
    await t.http.post('/v1/public/password-links/inspect').send({ token: newer }).expect(200);
    await t.http
      .post('/v1/public/password-links/redeem')
      .send({ token: newer, password: 'chosen-password' })
      .expect(200);
  });

  it('an unknown link is 410', async () => {
    await t.http.post('/v1/public/password-links/inspect').send({ token: 'not-a-real-token' }).expect(410);
  });

  it('access tokens are RS256 JWTs with a kid that verify against /v1/public/jwks.json', async () => {
    const owner = await organizationWithOwner(t);
    const jwks = await t.http.get('/v1/public/jwks.json').expect(200);
    const header = jwt.decode(owner.token, { complete: true })?.header;
    expect(header).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
    const jwk = jwks.body.keys.find((k: { kid: string }) => k.kid === header?.kid);
    expect(jwk).toBeDefined();
    for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(jwk).not.toHaveProperty(secret);
    const key = createPublicKey({ key: jwk, format: 'jwk' });
    expect(jwt.verify(owner.token, key, { algorithms: ['RS256'] })).toMatchObject({
      sub: expect.any(String),
    });
  });

  it('never writes passwords or tokens to the logs', async () => {
    const owner = await organizationWithOwner(t);
    await t.http
      .post('/v1/auth/token')
      .send({ email: owner.email, password: 'wrong-password-xyz' })
      .expect(401);
    const joined = t.logs.join('\n');
    expect(joined).toContain('"status":401');
    for (const secret of [owner.password, 'wrong-password-xyz', owner.token, owner.refreshToken]) {
      expect(joined).not.toContain(secret);
    }
  });
});
