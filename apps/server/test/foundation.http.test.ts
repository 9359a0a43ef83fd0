import { bearer, operator, organizationWithOwner, uniqueEmail } from './support/api';
import { DATABASES, startTestServer, type TestServer } from './support/test-server';

describe.each(DATABASES)('the foundation over HTTP on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /healthz and /readyz', async () => {
    await t.http.get('/healthz').expect(200);
    await t.http.get('/readyz').expect(200);
  });

  it('walks the whole first-day path: operator bootstrap, sign-in, workspace, quota, limit', async () => {
    const email = uniqueEmail('owner');
    const created = await t.http
      .post('/v1/operator/organizations')
      .set(operator)
      .send({ name: 'Acme Inc', owner_email: email, owner_password: 'first-password' })
      .expect(201);
    expect(created.body.organization).toMatchObject({
      name: 'Acme Inc',
      plan_tier: 'free',
      status: 'active',
    });
    expect(created.body.owner_membership).toMatchObject({
      role: 'owner',
      status: 'accepted',
      scope_type: 'account',
    });
    const orgId = created.body.organization.id;

    const signIn = await t.http
      .post('/v1/auth/token')
      .send({ email, password: 'first-password' })
      .expect(200);
    expect(signIn.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 900,
      password_change_required: false,
    });
    const auth = bearer(signIn.body.access_token);

    const ws = await t.http
      .post(`/v1/organizations/${orgId}/workspaces`)
      .set(auth)
      .send({ name: 'Web' })
      .expect(201);
    expect(ws.body).toMatchObject({ organization_id: orgId, name: 'Web', status: 'active' });
    const envs = await t.http.get(`/v1/workspaces/${ws.body.id}/environments`).set(auth).expect(200);
    expect(envs.body.environments).toEqual([expect.objectContaining({ name: 'dev', status: 'active' })]);

    const list = await t.http.get(`/v1/organizations/${orgId}/workspaces`).set(auth).expect(200);
    expect(list.body.workspaces.map((w: { id: string }) => w.id)).toEqual([ws.body.id]);

    const quota = await t.http.get(`/v1/organizations/${orgId}/quota`).set(auth).expect(200);
    const alias = await t.http.get(`/v1/accounts/${orgId}/quota`).set(auth).expect(200);
    expect(alias.body).toEqual(quota.body);
    expect(quota.body).toMatchObject({ account_id: orgId, organization_id: orgId, plan_tier: 'free' });
    const byKey = Object.fromEntries(quota.body.limits.map((l: { key: string }) => [l.key, l]));
    expect(byKey.workspaces).toMatchObject({ current: 1, unit: 'count' });
    expect(byKey['audit.events'].current).toBeGreaterThanOrEqual(4);
    expect(byKey['files.bytes']).toMatchObject({ current: 0, unit: 'bytes' });
    expect(byKey['llm.cu']).toMatchObject({ current: 0, unit: 'cu' });

    await t.http
      .patch(`/v1/operator/organizations/${orgId}`)
      .set(operator)
      .send({ limits: { workspaces: 1 } })
      .expect(200);
    const refused = await t.http
      .post(`/v1/organizations/${orgId}/workspaces`)
      .set(auth)
      .send({ name: 'Second' })
      .expect(409);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.body).toMatchObject({ status: 409, code: 'quota_exceeded' });
    const after = await t.http.get(`/v1/organizations/${orgId}/quota`).set(auth).expect(200);
    expect(after.body.limits.find((l: { key: string }) => l.key === 'workspaces')).toMatchObject({
      current: 1,
      limit: 1,
    });
  });

  it('refuses a wrong password with 401 and, past 10 failures, 429 with Retry-After', async () => {
    const { email } = await organizationWithOwner(t);
    const wrong = await t.http
      .post('/v1/auth/token')
      .send({ email, password: 'not-the-password' })
      .expect(401);
    expect(wrong.body).toMatchObject({ code: 'invalid_credentials', status: 401 });
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
    for (let i = 0; i < 9; i++)
      await t.http.post('/v1/auth/token').send({ email, password: 'not-the-password' }).expect(401);
    const limited = await t.http
      .post('/v1/auth/token')
      .send({ email, password: 'owner-password-1' })
      .expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.detail).toMatch(/10 failed sign-ins/);
  });
});
