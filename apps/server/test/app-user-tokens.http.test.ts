import { randomUUID } from 'node:crypto';
import { bearer, uniqueEmail } from './support/api';
import { type PlatformWorkspace, platformWorkspace, publicCall, signedInAppUser } from './support/app-users';
import { DATABASES, startTestServer, type TestServer } from './support/test-server';
import { freshAddress } from './support/tickets';
import { workspaceWithOwner } from './support/workspace';

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] as string, 'base64url').toString());

/*
 * App-user sign-in and tokens (supplement §15) and the app_user caller kind
 * over HTTP. The per-rule permutations are domain tests
 * (packages/domain/test/app-users/app-user-tokens.use-cases.test.ts).
 */
describe.each(DATABASES)('app-user tokens on %s', (kind) => {
  let t: TestServer;
  let w: PlatformWorkspace;
  beforeAll(async () => {
    t = await startTestServer(kind, { TRUST_PROXY: 'true' });
    w = await platformWorkspace(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const token = (body: object, ip = freshAddress()) => publicCall(t, w.tokenPath, body, ip);

  it('200: a 5-minute RS256 token of audience app-user with the spec claims, and a refresh token', async () => {
    const email = uniqueEmail('ann');
    const added = await w
      .add({ email, password: 'ann password', temporary_password: false, role: 'viewer' })
      .expect(201);
    const res = await token({ email, password: 'ann password' }).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 300 });
    const claims = claimsOf(res.body.access_token);
    expect(claims).toMatchObject({
      sub: added.body.id,
      aud: 'app-user',
      azp: 'shell',
      realm_access: { roles: ['viewer'] },
      external_tenant_id: w.workspaceId,
      external_user_id: added.body.id,
      permissions: expect.arrayContaining(['vault:read']),
    });
    expect(claims.iss).toMatch(new RegExp(`/v1/public/workspaces/${w.workspaceId}$`));
    expect(claims.exp - claims.iat).toBe(300);
    expect(claims).not.toHaveProperty('organization');
    const jwks = await t.http.get('/v1/public/jwks.json').expect(200);
    const { kid } = JSON.parse(Buffer.from(res.body.access_token.split('.')[0], 'base64url').toString());
    expect(jwks.body.keys.map((k: { kid: string }) => k.kid)).toContain(kid);
  });

  it('401 invalid_credentials alike for a wrong password and an unknown email; 429 past 10 failures', async () => {
    const email = uniqueEmail('limited');
    await w.add({ email, password: 'right password', temporary_password: false }).expect(201);
    const wrong = await token({ email, password: 'wrong password' }).expect(401);
    const unknown = await token({ email: uniqueEmail('nobody'), password: 'right password' }).expect(401);
    expect([wrong.body.code, unknown.body.code]).toEqual(['invalid_credentials', 'invalid_credentials']);
    expect(wrong.body.detail).toBe(unknown.body.detail);
    for (let i = 0; i < 9; i++) await token({ email, password: 'wrong password' }).expect(401);
    const limited = await token({ email, password: 'right password' }).expect(429);
    expect(limited.body.code).toBe('too_many_sign_in_attempts');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a temporary password: 403 password_change_required without new_password, 200 with it', async () => {
    const email = uniqueEmail('temp');
    const added = await w.add({ email, generate_password: true }).expect(201);
    const temporary = added.body.temporary_password as string;
    expect((await token({ email, password: temporary }).expect(403)).body.code).toBe(
      'password_change_required',
    );
    await token({ email, password: temporary, new_password: 'my own password' }).expect(200);
    await token({ email, password: 'my own password' }).expect(200);
    await token({ email, password: temporary }).expect(401);
  });

  it('404 for an unknown workspace, 409 without active platform sign-in, 422 for neither form', async () => {
    const body = { email: uniqueEmail(), password: 'whatever pw' };
    expect(
      (await publicCall(t, `/v1/public/workspaces/${randomUUID()}/token`, body).expect(404)).body.code,
    ).toBe('workspace_not_found');
    const plain = await workspaceWithOwner(t);
    expect(
      (await publicCall(t, `/v1/public/workspaces/${plain.workspaceId}/token`, body).expect(409)).body.code,
    ).toBe('platform_sign_in_required');
    expect((await token({ email: 'a@example.test' }).expect(422)).body.code).toBe('invalid_token_request');
  });

  it('refresh rotates; reusing a spent refresh token ends the session at once', async () => {
    const { tokens } = await signedInAppUser(t, w, uniqueEmail('rot'), 'rotating password');
    const next = await token({ refresh_token: tokens.refresh_token }).expect(200);
    const runtime = `/v1/workspaces/${w.workspaceId}/flags/runtime`;
    await t.http.get(runtime).set(bearer(next.body.access_token)).expect(200);
    expect((await token({ refresh_token: tokens.refresh_token }).expect(401)).body.code).toBe(
      'invalid_refresh_token',
    );
    await t.http.get(runtime).set(bearer(next.body.access_token)).expect(401);
    await token({ refresh_token: next.body.refresh_token }).expect(401);
  });

  it('app-user tokens work on flag values and apps reads of their workspace, and nowhere else (403)', async () => {
    const { id, tokens } = await signedInAppUser(t, w, uniqueEmail('reader'), 'reader password');
    const as = bearer(tokens.access_token);
    const ws = `/v1/workspaces/${w.workspaceId}`;
    await t.http.get(`${ws}/flags/runtime`).set(as).expect(200);
    await t.http.get(`${ws}/apps`).set(as).expect(200);
    for (const [method, path] of [
      ['get', '/v1/me'],
      ['get', `${ws}/flags`],
      ['get', `${ws}/access`],
      ['get', `${ws}/users`],
      ['post', `${ws}/users/${id}/resend-invite`],
      ['post', `${ws}/users/${id}/temporary-password`],
      ['post', `${ws}/users/${id}/invite-link`],
      ['get', `${ws}/auth`],
    ] as const) {
      const res = await t.http[method](path).set(as);
      expect({ path, status: res.status, code: res.body.code }).toEqual({
        path,
        status: 403,
        code: 'caller_kind_not_allowed',
      });
    }
    const other = await workspaceWithOwner(t);
    expect(
      (await t.http.get(`/v1/workspaces/${other.workspaceId}/flags/runtime`).set(as).expect(403)).body.code,
    ).toBe('permission_denied');
  });

  it('sees only the apps its roles may launch; 404 for the others', async () => {
    const ws = `/v1/workspaces/${w.workspaceId}`;
    const create = async (slug: string) =>
      (await t.http.post(`${ws}/apps`).set(w.auth).send({ name: slug, slug }).expect(201)).body.id as string;
    const open = await create(`open-${randomUUID().slice(0, 6)}`);
    const closed = await create(`closed-${randomUUID().slice(0, 6)}`);
    await t.http
      .put(`${ws}/apps/${closed}/access`)
      .set(w.auth)
      .send({ visibility: 'restricted', grants: [{ role: 'admin', action: 'read' }] })
      .expect(200);
    const { tokens } = await signedInAppUser(t, w, uniqueEmail('launcher'), 'launcher password');
    const as = bearer(tokens.access_token);
    const ids = (await t.http.get(`${ws}/apps`).set(as).expect(200)).body.apps.map(
      (a: { id: string }) => a.id,
    );
    expect(ids).toContain(open);
    expect(ids).not.toContain(closed);
    await t.http.get(`${ws}/apps/${open}`).set(as).expect(200);
    expect((await t.http.get(`${ws}/apps/${closed}`).set(as).expect(404)).body.code).toBe('app_not_found');
  });

  it("rule 7: a token signed in with one app's app_id (azp) is accepted for another app of the workspace", async () => {
    const ws = `/v1/workspaces/${w.workspaceId}`;
    const create = async (slug: string) =>
      (await t.http.post(`${ws}/apps`).set(w.auth).send({ name: slug, slug }).expect(201)).body.id as string;
    const slugA = `app-a-${randomUUID().slice(0, 6)}`;
    const slugB = `app-b-${randomUUID().slice(0, 6)}`;
    const appA = await create(slugA);
    const appB = await create(slugB);
    const email = uniqueEmail('cross-app');
    await w.add({ email, password: 'cross app password', temporary_password: false }).expect(201);
    const signedIn = await token({ email, password: 'cross app password', app_id: appA }).expect(200);
    expect(claimsOf(signedIn.body.access_token).azp).toBe(appA);
    const as = bearer(signedIn.body.access_token);
    expect((await t.http.get(`${ws}/apps/${appB}`).set(as).expect(200)).body.id).toBe(appB);
    expect((await t.http.get(`${ws}/apps/by-slug?slug=${slugB}`).set(as).expect(200)).body.app_id).toBe(appB);
    await t.http.get(`${ws}/flags/runtime`).set(as).expect(200);
  });

  it('disabling or deleting the user revokes their token at once (401)', async () => {
    const { id, tokens } = await signedInAppUser(t, w, uniqueEmail('revoked'), 'revoked password');
    const runtime = `/v1/workspaces/${w.workspaceId}/flags/runtime`;
    await t.http.patch(`${w.users}/${id}`).set(w.auth).send({ enabled: false }).expect(200);
    expect((await t.http.get(runtime).set(bearer(tokens.access_token)).expect(401)).body.code).toBe(
      'invalid_token',
    );
    await t.http.patch(`${w.users}/${id}`).set(w.auth).send({ enabled: true }).expect(200);
    const again = await token({
      email: (await t.http.get(`${w.users}/${id}`).set(w.auth)).body.email,
      password: 'revoked password',
    }).expect(200);
    await t.http.delete(`${w.users}/${id}`).set(w.auth).expect(204);
    await t.http.get(runtime).set(bearer(again.body.access_token)).expect(401);
  });

  it('switching platform sign-in off ends every session for good: switching it back on revives no token', async () => {
    const own = await platformWorkspace(t);
    const { tokens } = await signedInAppUser(t, own, uniqueEmail('off'), 'switched off password');
    const runtime = `/v1/workspaces/${own.workspaceId}/flags/runtime`;
    const auth = `/v1/workspaces/${own.workspaceId}/auth`;
    await t.http.get(runtime).set(bearer(tokens.access_token)).expect(200);
    await t.http.put(auth).set(own.auth).send({ mode: 'none' }).expect(200);
    await t.http.get(runtime).set(bearer(tokens.access_token)).expect(401);
    await t.http.put(auth).set(own.auth).send({ mode: 'platform' }).expect(200);
    expect((await t.http.get(runtime).set(bearer(tokens.access_token)).expect(401)).body.code).toBe(
      'invalid_token',
    );
    await publicCall(t, own.tokenPath, { refresh_token: tokens.refresh_token }).expect(401);
    const events = await t.http
      .get(`/v1/workspaces/${own.workspaceId}/audit?action=sign_in.updated`)
      .set(own.auth);
    expect(events.body.events.map((e: { details: { mode?: unknown } }) => e.details.mode)).toContainEqual(
      expect.objectContaining({ from: 'platform', to: 'none', sessions_revoked: 1 }),
    );
  });

  it('an app user and a team member with the same email are different people: neither password nor token crosses', async () => {
    const email = uniqueEmail('twin');
    await t.http
      .post(`/v1/scopes/workspace/${w.workspaceId}/members`)
      .set(w.auth)
      .send({ email, password: 'team member password', temporary_password: false, role: 'admin' })
      .expect(201);
    const team = await t.http
      .post('/v1/auth/token')
      .send({ email, password: 'team member password' })
      .expect(200);
    const app = await signedInAppUser(t, w, email, 'app user password');
    // Each password opens its own directory only.
    await token({ email, password: 'team member password' }).expect(401);
    await t.http.post('/v1/auth/token').send({ email, password: 'app user password' }).expect(401);
    // The app user's token is no team token: not on the workspace's team routes, not on /v1/me.
    const ws = `/v1/workspaces/${w.workspaceId}`;
    await t.http.get('/v1/me').set(bearer(app.tokens.access_token)).expect(403);
    await t.http.get(`${ws}/users`).set(bearer(app.tokens.access_token)).expect(403);
    await t.http.get(`${ws}/users`).set(bearer(team.body.access_token)).expect(200);
    // The team token is no app-user refresh token, nor the other way round.
    await token({ refresh_token: team.body.refresh_token }).expect(401);
    await t.http.post('/v1/auth/token').send({ refresh_token: app.tokens.refresh_token }).expect(401);
  });
});
