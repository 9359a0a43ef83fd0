import { bearer, operator, organizationWithOwner, uniqueEmail } from './support/api';
import { grantRole, userIdOf } from './support/seed';
import { DATABASES, startTestServer, type TestServer } from './support/test-server';

describe.each(DATABASES)('organizations, workspaces and environments on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { ORG_CREATION_ENABLED: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A second signed-in user with the given role on a scope. */
  async function memberWith(
    scope: { type: 'account' | 'workspace'; id: string },
    role: 'admin' | 'writer' | 'member' | 'partner' | 'billing_admin',
  ) {
    const other = await organizationWithOwner(t);
    await grantRole(t, await userIdOf(t, other.email), scope, role);
    return bearer(other.token);
  }

  it('operator routes list, read and update organizations', async () => {
    const owner = await organizationWithOwner(t, { plan_tier: 'pro' });
    const list = await t.http.get('/v1/operator/organizations').set(operator).expect(200);
    expect(list.body.organizations.map((o: { id: string }) => o.id)).toContain(owner.organizationId);
    const one = await t.http
      .get(`/v1/operator/organizations/${owner.organizationId}`)
      .set(operator)
      .expect(200);
    expect(one.body).toMatchObject({ plan_tier: 'pro', status: 'active', limits: {} });
    const patched = await t.http
      .patch(`/v1/operator/organizations/${owner.organizationId}`)
      .set(operator)
      .send({ plan_tier: 'enterprise', suspended: true, limits: { workspaces: 5, 'files.bytes': null } })
      .expect(200);
    expect(patched.body).toMatchObject({
      plan_tier: 'enterprise',
      status: 'suspended',
      limits: { workspaces: 5, 'files.bytes': null },
    });
    const read = await t.http
      .get(`/v1/organizations/${owner.organizationId}`)
      .set(bearer(owner.token))
      .expect(200);
    expect(read.body).toEqual({
      id: owner.organizationId,
      name: 'Acme',
      plan_tier: 'enterprise',
      status: 'suspended',
      created_at: expect.any(String),
    });
    await t.http
      .get('/v1/operator/organizations/00000000-0000-4000-8000-000000000000')
      .set(operator)
      .expect(404);
    await t.http
      .patch(`/v1/operator/organizations/${owner.organizationId}`)
      .set(operator)
      .send({ limits: { seats: 1 } })
      .expect(422);
    await t.http
      .patch(`/v1/operator/organizations/${owner.organizationId}`)
      .set(operator)
      .send({ plan_tier: 'gold' })
      .expect(422);
  });

  it('operator bootstrap validates its body', async () => {
    await t.http.post('/v1/operator/organizations').set(operator).send({ name: 'X' }).expect(422);
    await t.http
      .post('/v1/operator/organizations')
      .set(operator)
      .send({ name: 'X', owner_email: 'not-an-email' })
      .expect(422);
    await t.http
      .post('/v1/operator/organizations')
      .set(operator)
      .send({ name: 'X', owner_email: uniqueEmail(), owner_password: 'short' })
      .expect(422);
    await t.http
      .post('/v1/operator/organizations')
      .set(operator)
      .send({ name: '', owner_email: uniqueEmail() })
      .expect(422);
  });

  it('self-service creation makes the caller owner when enabled', async () => {
    const owner = await organizationWithOwner(t);
    const caps = await t.http.get('/v1/me/capabilities').set(bearer(owner.token)).expect(200);
    expect(caps.body.can_create_organization).toBe(true);
    const org = await t.http
      .post('/v1/organizations')
      .set(bearer(owner.token))
      .send({ name: 'Side project' })
      .expect(201);
    const mine = await t.http.get('/v1/organizations').set(bearer(owner.token)).expect(200);
    expect(mine.body.organizations.map((o: { id: string }) => o.id)).toEqual([
      owner.organizationId,
      org.body.id,
    ]);
  });

  it('workspaces: read for members, administer to create and rename; billing_admin sees none', async () => {
    const owner = await organizationWithOwner(t);
    const auth = bearer(owner.token);
    const ws = await t.http
      .post(`/v1/organizations/${owner.organizationId}/workspaces`)
      .set(auth)
      .send({ name: 'A' })
      .expect(201);
    const writer = await memberWith({ type: 'account', id: owner.organizationId }, 'writer');
    await t.http.get(`/v1/workspaces/${ws.body.id}`).set(writer).expect(200);
    await t.http.patch(`/v1/workspaces/${ws.body.id}`).set(writer).send({ name: 'B' }).expect(403);
    await t.http
      .post(`/v1/organizations/${owner.organizationId}/workspaces`)
      .set(writer)
      .send({ name: 'C' })
      .expect(403);

    const billing = await memberWith({ type: 'account', id: owner.organizationId }, 'billing_admin');
    await t.http.get(`/v1/organizations/${owner.organizationId}`).set(billing).expect(200);
    await t.http.get(`/v1/organizations/${owner.organizationId}/quota`).set(billing).expect(200);
    await t.http.get(`/v1/workspaces/${ws.body.id}`).set(billing).expect(403);
    const none = await t.http
      .get(`/v1/organizations/${owner.organizationId}/workspaces`)
      .set(billing)
      .expect(200);
    expect(none.body.workspaces).toEqual([]);

    const wsAdmin = await memberWith({ type: 'workspace', id: ws.body.id }, 'admin');
    const renamed = await t.http
      .patch(`/v1/workspaces/${ws.body.id}`)
      .set(wsAdmin)
      .send({ name: 'Renamed' })
      .expect(200);
    expect(renamed.body.name).toBe('Renamed');
    // A workspace admin holds nothing on the organization itself.
    await t.http.get(`/v1/organizations/${owner.organizationId}`).set(wsAdmin).expect(403);

    const stranger = await organizationWithOwner(t);
    await t.http.get(`/v1/workspaces/${ws.body.id}`).set(bearer(stranger.token)).expect(403);
    await t.http
      .get(`/v1/organizations/${owner.organizationId}/workspaces`)
      .set(bearer(stranger.token))
      .expect(403);
    await t.http
      .get(`/v1/organizations/${owner.organizationId}/quota`)
      .set(bearer(stranger.token))
      .expect(403);
    await t.http.get('/v1/workspaces/00000000-0000-4000-8000-000000000000').set(auth).expect(404);
  });

  it('environments: create, unique names (409), rename and deactivate', async () => {
    const owner = await organizationWithOwner(t);
    const auth = bearer(owner.token);
    const ws = await t.http
      .post(`/v1/organizations/${owner.organizationId}/workspaces`)
      .set(auth)
      .send({ name: 'A' })
      .expect(201);
    const prod = await t.http
      .post(`/v1/workspaces/${ws.body.id}/environments`)
      .set(auth)
      .send({ name: 'prod' })
      .expect(201);
    expect(prod.body).toEqual({
      id: expect.any(String),
      name: 'prod',
      status: 'active',
      created_at: expect.any(String),
    });
    const dup = await t.http
      .post(`/v1/workspaces/${ws.body.id}/environments`)
      .set(auth)
      .send({ name: 'prod' })
      .expect(409);
    expect(dup.body.code).toBe('environment_name_taken');
    await t.http
      .post(`/v1/workspaces/${ws.body.id}/environments`)
      .set(auth)
      .send({ name: 'Not Valid!' })
      .expect(422);
    const patched = await t.http
      .patch(`/v1/workspaces/${ws.body.id}/environments/${prod.body.id}`)
      .set(auth)
      .send({ name: 'production', status: 'inactive' })
      .expect(200);
    expect(patched.body).toMatchObject({ name: 'production', status: 'inactive' });
    await t.http
      .patch(`/v1/workspaces/${ws.body.id}/environments/${prod.body.id}`)
      .set(auth)
      .send({ status: 'paused' })
      .expect(422);
    const list = await t.http.get(`/v1/workspaces/${ws.body.id}/environments`).set(auth).expect(200);
    expect(list.body.environments.map((e: { name: string }) => e.name)).toEqual(['dev', 'production']);
    const member = await memberWith({ type: 'workspace', id: ws.body.id }, 'member');
    await t.http.get(`/v1/workspaces/${ws.body.id}/environments`).set(member).expect(200);
    await t.http
      .post(`/v1/workspaces/${ws.body.id}/environments`)
      .set(member)
      .send({ name: 'qa' })
      .expect(403);
  });

  it('a frozen workspace refuses changes with 403 workspace_frozen; a suspended organization with organization_suspended', async () => {
    const owner = await organizationWithOwner(t);
    const auth = bearer(owner.token);
    const ws = await t.http
      .post(`/v1/organizations/${owner.organizationId}/workspaces`)
      .set(auth)
      .send({ name: 'A' })
      .expect(201);
    const frozen = await t.http
      .patch(`/v1/operator/workspaces/${ws.body.id}`)
      .set(operator)
      .send({ frozen: true })
      .expect(200);
    expect(frozen.body.status).toBe('frozen');
    const refused = await t.http
      .post(`/v1/workspaces/${ws.body.id}/environments`)
      .set(auth)
      .send({ name: 'qa' })
      .expect(403);
    expect(refused.body.code).toBe('workspace_frozen');
    await t.http.get(`/v1/workspaces/${ws.body.id}`).set(auth).expect(200);
    await t.http
      .patch(`/v1/operator/workspaces/${ws.body.id}`)
      .set(operator)
      .send({ frozen: false })
      .expect(200);
    await t.http
      .patch(`/v1/operator/organizations/${owner.organizationId}`)
      .set(operator)
      .send({ suspended: true })
      .expect(200);
    const suspended = await t.http
      .patch(`/v1/workspaces/${ws.body.id}`)
      .set(auth)
      .send({ name: 'B' })
      .expect(403);
    expect(suspended.body.code).toBe('organization_suspended');
    const noNew = await t.http
      .post(`/v1/organizations/${owner.organizationId}/workspaces`)
      .set(auth)
      .send({ name: 'C' })
      .expect(403);
    expect(noNew.body.code).toBe('organization_suspended');
    await t.http
      .patch(`/v1/operator/workspaces/${ws.body.id}`)
      .set(operator)
      .send({ frozen: 'yes' })
      .expect(422);
  });

  it('two concurrent workspace creations cannot both pass a limit of one', async () => {
    const owner = await organizationWithOwner(t);
    await t.http
      .patch(`/v1/operator/organizations/${owner.organizationId}`)
      .set(operator)
      .send({ limits: { workspaces: 1 } })
      .expect(200);
    const auth = bearer(owner.token);
    const results = await Promise.all(
      ['one', 'two', 'three'].map((name) =>
        t.http.post(`/v1/organizations/${owner.organizationId}/workspaces`).set(auth).send({ name }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const list = await t.http
      .get(`/v1/organizations/${owner.organizationId}/workspaces`)
      .set(auth)
      .expect(200);
    expect(list.body.workspaces).toHaveLength(1);
  });
});
