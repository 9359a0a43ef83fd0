import { bearer, operator, organizationWithOwner } from './support/api';
import { startTestServer, type TestServer } from './support/test-server';
import { workspaceWithOwner } from './support/workspace';

// Error handling is the same code on both databases: PGlite only.
describe('problem+json errors', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  const expectProblem = (
    res: { headers: Record<string, string>; body: Record<string, unknown> },
    status: number,
    code: string,
  ) => {
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      type: 'about:blank',
      title: expect.any(String),
      status,
      code,
      detail: expect.any(String),
    });
  };

  it('malformed JSON is 400 malformed_json', async () => {
    const res = await t.http
      .post('/v1/auth/token')
      .set('Content-Type', 'application/json')
      .send('{"email":')
      .expect(400);
    expectProblem(res, 400, 'malformed_json');
  });

  it('a compressed body that does not decompress is 400 unreadable_body', async () => {
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const res = await t.http
        .post('/v1/auth/token')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send('{"email":"a@b.test","password":"not compressed"}')
        .expect(400);
      expectProblem(res, 400, 'unreadable_body');
    }
  });

  it('well-formed JSON that is not an object is 422 invalid_body', async () => {
    const res = await t.http
      .post('/v1/auth/token')
      .send([{ email: 'a@b.test' }])
      .expect(422);
    expectProblem(res, 422, 'invalid_body');
    // A top-level scalar is well-formed JSON too: 422, not malformed.
    for (const scalar of ['null', '5', '"x"', 'true']) {
      const scalarRes = await t.http
        .post('/v1/auth/token')
        .set('Content-Type', 'application/json')
        .send(scalar)
        .expect(422);
      expectProblem(scalarRes, 422, 'invalid_body');
    }
  });

  it('a body over the limit is 413', async () => {
    const res = await t.http
      .post('/v1/auth/token')
      .send({ email: 'a@b.test', password: 'x'.repeat(200_000) })
      .expect(413);
    expectProblem(res, 413, 'body_too_large');
  });

  describe('deeply nested JSON', () => {
    // `{"a":` or `[` opens a level; the documented maximum is 32 levels.
    const nested = (levels: number, inner = '1') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;
    const errorLines = () => t.logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

    it('a body nested past 32 levels is 400 json_too_deep, before validation and without an error log', async () => {
      const before = errorLines().length;
      for (const body of [
        `{"email":${nested(3000)},"password":"secret-pass"}`,
        `{"email":${nested(32)}}`,
        `${'{"a":'.repeat(33)}1${'}'.repeat(33)}`,
      ]) {
        const res = await t.http.post('/v1/auth/token').set('Content-Type', 'application/json').send(body);
        expect(res.status).toBe(400);
        expectProblem(res, 400, 'json_too_deep');
      }
      expect(errorLines().length).toBe(before);
    });

    it('a body nested exactly 32 levels reaches validation', async () => {
      const res = await t.http
        .post('/v1/auth/token')
        .set('Content-Type', 'application/json')
        .send(`{"email":${nested(31)},"password":"secret-pass"}`)
        .expect(422);
      expectProblem(res, 422, 'validation_failed');
    });

    it('is refused on the long-body routes too, however deep the body nests within their limit', async () => {
      const owner = await organizationWithOwner(t);
      const before = errorLines().length;
      const deepest = nested(190_000); // 380 kB of brackets: the long-text limit is 384 kB
      for (const body of [
        `{"subject":"s","category":"technical","description":${nested(3000, '"d"')}}`,
        deepest,
      ]) {
        const res = await t.http
          .post(`/v1/organizations/${owner.organizationId}/support/tickets`)
          .set(bearer(owner.token))
          .set('Content-Type', 'application/json')
          .send(body);
        expect(res.status).toBe(400);
        expectProblem(res, 400, 'json_too_deep');
      }
      expect(errorLines().length).toBe(before);
      // Nothing was created.
      const list = await t.http
        .get(`/v1/organizations/${owner.organizationId}/support/tickets`)
        .set(bearer(owner.token))
        .expect(200);
      expect(list.body.total_count).toBe(0);
    });

    it('brackets inside strings do not count', async () => {
      const res = await t.http
        .post('/v1/auth/token')
        .send({ email: `${'['.repeat(100)}@example.test`, password: '{'.repeat(100) })
        .expect(401);
      expectProblem(res, 401, 'invalid_credentials');
    });

    it('the OAuth form of the M2M token route does not nest: bracketed names are unknown fields', async () => {
      const owner = await organizationWithOwner(t);
      const ws = await t.http
        .post(`/v1/organizations/${owner.organizationId}/workspaces`)
        .set(bearer(owner.token))
        .send({ name: 'W' })
        .expect(201);
      const before = errorLines().length;
      const res = await t.http
        .post(`/v1/workspaces/${ws.body.id}/m2m/token`)
        .type('form')
        .send(`grant_type=client_credentials&client_id${'[a]'.repeat(1000)}=x&client_secret=y`)
        .expect(422);
      expectProblem(res, 422, 'validation_failed');
      expect(errorLines().length).toBe(before);
    });
  });

  it('an unknown route is 404 and a wrong method 405 with Allow', async () => {
    expectProblem(await t.http.get('/v1/nothing-here').expect(404), 404, 'route_not_found');
    const res = await t.http.delete('/v1/auth/token').expect(405);
    expectProblem(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('POST');
  });

  it('unknown fields are 422 naming the field', async () => {
    const res = await t.http
      .post('/v1/auth/token')
      .send({ email: 'a@b.test', password: 'secret-pass', admin: true })
      .expect(422);
    expectProblem(res, 422, 'validation_failed');
    expect(res.body.errors).toEqual([{ field: 'admin', message: 'unknown field' }]);
  });

  it('a prototype name nested in a body is 422 naming its path, before any token is looked at (it was a 500)', async () => {
    for (const [path, body] of [
      ['/v1/auth/token', '{"email":{"constructor":1},"password":"x"}'],
      ['/v1/auth/logout', '{"refresh_token":[{"__proto__":{"admin":true}}]}'],
      ['/v1/public/invite-links/inspect', '{"token":{"prototype":1}}'],
    ] as const) {
      const res = await t.http.post(path).set('Content-Type', 'application/json').send(body).expect(422);
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors).toEqual([
        { field: expect.stringMatching(/\.(constructor|__proto__|prototype)$/), message: expect.any(String) },
      ]);
    }
  });

  it('sign-in needs exactly one of the two body forms', async () => {
    const res = await t.http.post('/v1/auth/token').send({ email: 'a@b.test' }).expect(422);
    expectProblem(res, 422, 'invalid_token_request');
  });

  it('a missing or bad token is 401 with WWW-Authenticate: Bearer', async () => {
    const missing = await t.http.get('/v1/me').expect(401);
    expectProblem(missing, 401, 'missing_token');
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    const bad = await t.http.get('/v1/me').set(bearer('not.a.jwt')).expect(401);
    expectProblem(bad, 401, 'invalid_token');
  });

  it('the operator token is accepted only on /v1/operator, and only it is accepted there', async () => {
    await t.http.get('/v1/operator/organizations').expect(401);
    await t.http.get('/v1/operator/organizations').set(bearer('nope')).expect(401);
    const owner = await organizationWithOwner(t);
    await t.http.get('/v1/operator/organizations').set(bearer(owner.token)).expect(401);
    await t.http.get('/v1/me').set(operator).expect(401);
  });

  describe('text the database cannot hold (U+0000, an unpaired surrogate)', () => {
    const errorLines = () => t.logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

    it('is 422 naming the field, changes nothing and logs no error', async () => {
      const { owner, auth, workspaceId } = await workspaceWithOwner(t);
      const before = errorLines().length;
      for (const name of ['a\u0000b', '\ud800x', 'x\udc00']) {
        const res = await t.http.patch(`/v1/workspaces/${workspaceId}`).set(auth).send({ name }).expect(422);
        expectProblem(res, 422, 'validation_failed');
        expect(res.body.errors).toEqual([
          { field: 'name', message: expect.stringContaining('cannot be stored') },
        ]);
      }
      const member = await t.http
        .post(`/v1/scopes/account/${owner.organizationId}/members`)
        .set(auth)
        .send({ email: 'a\u0000b@example.test', role: 'member' })
        .expect(422);
      expect(member.body.errors).toEqual([
        { field: 'email', message: expect.stringContaining('cannot be stored') },
      ]);
      const signIn = await t.http
        .post('/v1/auth/token')
        .send({ email: 'a\u0000@example.test', password: 'password123' })
        .expect(422);
      expectProblem(signIn, 422, 'validation_failed');
      expect((await t.http.get(`/v1/workspaces/${workspaceId}`).set(auth).expect(200)).body.name).toBe(
        'Main',
      );
      const members = await t.http
        .get(`/v1/scopes/account/${owner.organizationId}/members`)
        .set(auth)
        .expect(200);
      expect(members.body.memberships).toHaveLength(1);
      expect(errorLines().length).toBe(before);
    });

    it('a character outside the basic plane is ordinary text', async () => {
      const owner = await organizationWithOwner(t);
      const ws = await t.http
        .post(`/v1/organizations/${owner.organizationId}/workspaces`)
        .set(bearer(owner.token))
        .send({ name: 'Rocket 🚀' })
        .expect(201);
      expect(ws.body.name).toBe('Rocket 🚀');
    });

    it("a secret's value may hold it: the value is stored sealed and revealed as sent", async () => {
      const { auth, workspaceId } = await workspaceWithOwner(t);
      const value = 'a\u0000b';
      await t.http.put(`/v1/workspaces/${workspaceId}/secrets/BINARY`).set(auth).send({ value }).expect(201);
      const revealed = await t.http.get(`/v1/workspaces/${workspaceId}/secrets/BINARY`).set(auth).expect(200);
      expect(revealed.body.value).toBe(value);
    });

    it('in a path segment names nothing: 404, without an error log', async () => {
      const { auth, workspaceId } = await workspaceWithOwner(t);
      const before = errorLines().length;
      const res = await t.http.get(`/v1/public/workspaces/${workspaceId}/apps/a%00b`).expect(404);
      expectProblem(res, 404, 'not_found');
      const proxied = await t.http
        .get(`/v1/workspaces/${workspaceId}/apps/a%00b/coderunner/versions/v1`)
        .set(auth)
        .expect(404);
      expectProblem(proxied, 404, 'not_found');
      expect(errorLines().length).toBe(before);
    });

    it('a path segment that does not percent-decode (%ff) names nothing: 404, not a body error', async () => {
      const { auth, workspaceId } = await workspaceWithOwner(t);
      const before = errorLines().length;
      for (const path of [
        `/v1/workspaces/%ff/apps`,
        `/v1/workspaces/${workspaceId}/apps/%ff`,
        `/v1/workspaces/${workspaceId}/secrets/%ED%A0%80`,
        `/v1/public/releases/%ff/remoteEntry.js`,
      ]) {
        const res = await t.http.get(path).set(auth).expect(404);
        expectProblem(res, 404, 'not_found');
      }
      expect(errorLines().length).toBe(before);
    });
  });

  it('ids that are not UUIDs name nothing: 404', async () => {
    const owner = await organizationWithOwner(t);
    await t.http.get('/v1/workspaces/not-a-uuid').set(bearer(owner.token)).expect(404);
  });

  it('ids in upper case name the same thing as in lower case', async () => {
    const owner = await organizationWithOwner(t);
    const auth = bearer(owner.token);
    const org = owner.organizationId.toUpperCase();
    const ws = await t.http
      .post(`/v1/organizations/${org}/workspaces`)
      .set(auth)
      .send({ name: 'W' })
      .expect(201);
    expect(ws.body.organization_id).toBe(owner.organizationId);
    const workspace = (ws.body.id as string).toUpperCase();
    const membership = (owner.created.owner_membership.id as string).toUpperCase();
    for (const path of [
      `/v1/organizations/${org}`,
      `/v1/organizations/${org}/quota`,
      `/v1/accounts/${org}/quota`,
      `/v1/scopes/account/${org}/members`,
      `/v1/workspaces/${workspace}`,
      `/v1/workspaces/${workspace}/environments`,
      `/v1/memberships/${membership}`,
      `/v1/operator/organizations/${org}`,
    ]) {
      const res = await t.http
        .get(path)
        .set(path.startsWith('/v1/operator') ? operator : auth)
        .expect(200);
      // Every id answered is in lower case (an id of digits only is both).
      const ids =
        JSON.stringify(res.body).match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi) ??
        [];
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).toEqual(ids.map((id) => id.toLowerCase()));
    }
    await t.http
      .post(`/v1/scopes/account/${org}/members`)
      .set(auth)
      .send({ user_id: owner.created.owner_membership.user_id, role: 'owner' })
      .expect(200);
  });

  it('echoes a request id', async () => {
    const res = await t.http.get('/healthz').set('X-Request-Id', 'abc-123').expect(200);
    expect(res.headers['x-request-id']).toBe('abc-123');
    const generated = await t.http.get('/healthz').expect(200);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
