import { bearer, operator, organizationWithOwner, uniqueEmail } from './support/api';
import { grantRole, userIdOf } from './support/seed';
import { CONCURRENT_DATABASES, startTestServer, type TestServer } from './support/test-server';

describe.each(CONCURRENT_DATABASES)('organizations, workspaces and environments on %s', (kind) => {
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
    const unlisted = await t.http
      .post('/v1/operator/organizations')
      .set(operator)
      .send({ name: 'X', owner_email: 'a@b.test, c@evil.test' })
      .expect(422);
    expect(unlisted.body.code).toBe('invalid_email');
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
    // Any one line of 1 to 63 characters; blank, too long or several lines is 422.
    const staging = await t.http
      .post(`/v1/workspaces/${ws.body.id}/environments`)
      .set(auth)
      .send({ name: '  Staging EU ' })
      .expect(201);
    expect(staging.body).toMatchObject({ name: 'Staging EU', status: 'active' });
    for (const name of ['   ', 'x'.repeat(64), 'two\nlines']) {
      const refused = await t.http
        .post(`/v1/workspaces/${ws.body.id}/environments`)
        .set(auth)
        .send({ name })
        .expect(422);
      expect(refused.body.code).toBe('invalid_environment_name');
    }
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
    expect(list.body.environments.map((e: { name: string }) => e.name)).toEqual([
      'dev',
      'production',
      'Staging EU',
    ]);
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

  it('null is not absence: optional fields sent as null are 422, never a 500', async () => {
    const owner = await organizationWithOwner(t);
    const auth = bearer(owner.token);
    for (const body of [{ plan_tier: null }, { suspended: null }, { limits: null }, { suspended: 'yes' }]) {
      const res = await t.http
        .patch(`/v1/operator/organizations/${owner.organizationId}`)
        .set(operator)
        .send(body)
        .expect(422);
      expect(res.body.code).toBe('validation_failed');
    }
    for (const extra of [{ owner_display_name: null }, { owner_password: null }, { plan_tier: null }]) {
      await t.http
        .post('/v1/operator/organizations')
        .set(operator)
        .send({ name: 'N', owner_email: uniqueEmail(), ...extra })
        .expect(422);
    }
    const ws = await t.http
      .post(`/v1/organizations/${owner.organizationId}/workspaces`)
      .set(auth)
      .send({ name: 'A' })
      .expect(201);
    const envs = await t.http.get(`/v1/workspaces/${ws.body.id}/environments`).set(auth).expect(200);
    const dev = envs.body.environments[0].id;
    for (const body of [{ name: null }, { status: null }, { name: 7 }]) {
      await t.http.patch(`/v1/workspaces/${ws.body.id}/environments/${dev}`).set(auth).send(body).expect(422);
    }
    const unchanged = await t.http
      .patch(`/v1/workspaces/${ws.body.id}/environments/${dev}`)
      .set(auth)
      .send({})
      .expect(200);
    expect(unchanged.body).toMatchObject({ name: 'dev', status: 'active' });
    const org = await t.http
      .patch(`/v1/operator/organizations/${owner.organizationId}`)
      .set(operator)
      .send({})
      .expect(200);
    expect(org.body).toMatchObject({ plan_tier: 'free', status: 'active', limits: {} });
  });

  it("a suspended organization's workspaces read as frozen, and active again when it is lifted", async () => {
    const owner = await organizationWithOwner(t);
    const auth = bearer(owner.token);
    const ws = await t.http
      .post(`/v1/organizations/${owner.organizationId}/workspaces`)
      .set(auth)
      .send({ name: 'A' })
      .expect(201);
    await t.http
      .patch(`/v1/operator/organizations/${owner.organizationId}`)
      .set(operator)
      .send({ suspended: true })
      .expect(200);
    expect((await t.http.get(`/v1/workspaces/${ws.body.id}`).set(auth).expect(200)).body.status).toBe(
      'frozen',
    );
    const list = await t.http
      .get(`/v1/organizations/${owner.organizationId}/workspaces`)
      .set(auth)
      .expect(200);
    expect(list.body.workspaces.map((w: { status: string }) => w.status)).toEqual(['frozen']);
    const envCreate = await t.http
      .post(`/v1/workspaces/${ws.body.id}/environments`)
      .set(auth)
      .send({ name: 'qa' })
      .expect(403);
    expect(envCreate.body.code).toBe('organization_suspended');
    await t.http
      .patch(`/v1/operator/organizations/${owner.organizationId}`)
      .set(operator)
      .send({ suspended: false })
      .expect(200);
    expect((await t.http.get(`/v1/workspaces/${ws.body.id}`).set(auth).expect(200)).body.status).toBe(
      'active',
    );
  });

  it('operator bootstrap for an existing user keeps their password and accepts them at once', async () => {
    const first = await organizationWithOwner(t);
    const created = await t.http
      .post('/v1/operator/organizations')
      .set(operator)
      .send({
        name: 'Second',
        owner_email: ` ${first.email.toUpperCase()} `,
        owner_password: 'another-password',
      })
      .expect(201);
    expect(created.body).toEqual({
      organization: expect.objectContaining({ name: 'Second', plan_tier: 'free', status: 'active' }),
      owner_membership: expect.objectContaining({
        role: 'owner',
        status: 'accepted',
        scope_type: 'account',
        scope_id: created.body.organization.id,
        user_email: first.email,
      }),
    });
    await t.http
      .post('/v1/auth/token')
      .send({ email: first.email, password: 'another-password' })
      .expect(401);
    const signIn = await t.http
      .post('/v1/auth/token')
      .send({ email: first.email, password: first.password })
      .expect(200);
    const mine = await t.http.get('/v1/organizations').set(bearer(signIn.body.access_token)).expect(200);
    expect(mine.body.organizations.map((o: { id: string }) => o.id)).toEqual([
      first.organizationId,
      created.body.organization.id,
    ]);
  });

  it('quota: the full shape on both paths; a null limit means no ceiling', async () => {
    const owner = await organizationWithOwner(t, { plan_tier: 'enterprise' });
    const auth = bearer(owner.token);
    const quota = await t.http.get(`/v1/organizations/${owner.organizationId}/quota`).set(auth).expect(200);
    expect(Object.keys(quota.body).sort()).toEqual(
      ['account_id', 'limits', 'note', 'organization_id', 'plan_tier'].sort(),
    );
    expect(quota.body.plan_tier).toBe('enterprise');
    expect(typeof quota.body.note).toBe('string');
    expect(quota.body.limits.map((l: { key: string }) => l.key)).toEqual([
      'workspaces',
      'files.bytes',
      'audit.events',
      'llm.cu',
    ]);
    for (const line of quota.body.limits) {
      expect(Object.keys(line).sort()).toEqual(
        ['current', 'description', 'key', 'label', 'limit', 'unit'].sort(),
      );
      expect(line.limit).toBeNull();
      expect(['count', 'bytes', 'cu', 'currency']).toContain(line.unit);
    }
    // No ceiling: creation is never refused by the quota.
    for (const name of ['a', 'b', 'c', 'd']) {
      await t.http
        .post(`/v1/organizations/${owner.organizationId}/workspaces`)
        .set(auth)
        .send({ name })
        .expect(201);
    }
    const alias = await t.http.get(`/v1/accounts/${owner.organizationId}/quota`).set(auth).expect(200);
    expect(alias.body.limits.find((l: { key: string }) => l.key === 'workspaces').current).toBe(4);
    await t.http.get(`/v1/accounts/${owner.organizationId}/quota`).expect(401);
    await t.http.post(`/v1/accounts/${owner.organizationId}/quota`).set(auth).expect(405);
    await t.http.get('/v1/accounts/00000000-0000-4000-8000-000000000000/quota').set(auth).expect(404);
  });

  it('audit.events and llm.cu limits are reported only: writes go on past them; workspaces is enforced', async () => {
    const owner = await organizationWithOwner(t);
    const auth = bearer(owner.token);
    const orgId = owner.organizationId;
    const patched = await t.http
      .patch(`/v1/operator/organizations/${orgId}`)
      .set(operator)
      .send({ limits: { 'audit.events': 0, 'llm.cu': 0 } })
      .expect(200);
    expect(patched.body.limits).toMatchObject({ 'audit.events': 0, 'llm.cu': 0 });
    type Line = { key: string; current: number; limit: number | null };
    const quota = async () => {
      const res = await t.http.get(`/v1/organizations/${orgId}/quota`).set(auth).expect(200);
      return Object.fromEntries((res.body.limits as Line[]).map((l) => [l.key, l])) as Record<string, Line>;
    };
    const before = await quota();
    // Bootstrapping the organization was already audited: the ceiling of 0 is passed from the start.
    expect(before['audit.events']).toMatchObject({ limit: 0, current: expect.any(Number) });
    expect(before['audit.events']?.current).toBeGreaterThan(0);

    // Audited writes of every kind still succeed.
    const ws = await t.http
      .post(`/v1/organizations/${orgId}/workspaces`)
      .set(auth)
      .send({ name: 'Past the audit limit' })
      .expect(201);
    const workspaceId = ws.body.id as string;
    await t.http
      .post(`/v1/workspaces/${workspaceId}/environments`)
      .set(auth)
      .send({ name: 'prod' })
      .expect(201);
    await t.http
      .put(`/v1/workspaces/${workspaceId}/secrets/API_TOKEN`)
      .set(auth)
      .send({ value: 'still-written-1' })
      .expect(201);
    const revealed = await t.http
      .get(`/v1/workspaces/${workspaceId}/secrets/API_TOKEN`)
      .set(auth)
      .expect(200);
    expect(revealed.body.value).toBe('still-written-1');
    await t.http
      .patch(`/v1/workspaces/${workspaceId}`)
      .set(auth)
      .send({ name: 'Renamed past the limit' })
      .expect(200);

    const after = await quota();
    expect(after['audit.events']?.limit).toBe(0);
    // Still counted, and still growing: the writes above were audited, not refused.
    expect(after['audit.events']?.current).toBeGreaterThan(before['audit.events']?.current ?? 0);
    expect(after['llm.cu']).toMatchObject({ limit: 0, current: 0 });
    const audit = await t.http.get(`/v1/workspaces/${workspaceId}/audit?limit=200`).set(auth).expect(200);
    expect(audit.body.events.map((e: { action: string }) => e.action)).toContain('secret.revealed');

    // The same organization's workspaces limit, by contrast, is enforced.
    await t.http
      .patch(`/v1/operator/organizations/${orgId}`)
      .set(operator)
      .send({ limits: { workspaces: after.workspaces?.current } })
      .expect(200);
    const refused = await t.http
      .post(`/v1/organizations/${orgId}/workspaces`)
      .set(auth)
      .send({ name: 'One too many' })
      .expect(409);
    expect(refused.body.code).toBe('quota_exceeded');
  });

  it('billing statements need view_billing (owner, admin, billing_admin); plans list every tier', async () => {
    const owner = await organizationWithOwner(t);
    const orgScope = { type: 'account' as const, id: owner.organizationId };
    for (const path of [
      `/v1/accounts/${owner.organizationId}/billing-statements`,
      `/v1/organizations/${owner.organizationId}/billing-statements`,
    ]) {
      const res = await t.http.get(path).set(bearer(owner.token)).expect(200);
      expect(res.body).toEqual({ organization_id: owner.organizationId, statements: [] });
    }
    const path = `/v1/accounts/${owner.organizationId}/billing-statements`;
    await t.http
      .get(path)
      .set(await memberWith(orgScope, 'billing_admin'))
      .expect(200);
    await t.http
      .get(path)
      .set(await memberWith(orgScope, 'admin'))
      .expect(200);
    for (const role of ['writer', 'member', 'partner'] as const) {
      const res = await t.http
        .get(path)
        .set(await memberWith(orgScope, role))
        .expect(403);
      expect(res.body.code).toBe('permission_denied');
    }
    await t.http.get(path).expect(401);
    await t.http
      .get('/v1/accounts/00000000-0000-4000-8000-000000000000/billing-statements')
      .set(bearer(owner.token))
      .expect(404);
    const plans = await t.http.get('/v1/billing/plans').set(bearer(owner.token)).expect(200);
    expect(plans.body.plans.map((p: { plan_tier: string }) => p.plan_tier)).toEqual([
      'free',
      'pro',
      'enterprise',
    ]);
    expect(plans.body.plans[0].limits[0]).toEqual({
      key: 'workspaces',
      label: expect.any(String),
      unit: 'count',
      limit: 3,
      description: expect.any(String),
    });
  });

  it('names are one line of 1 to 200 characters after trimming', async () => {
    const owner = await organizationWithOwner(t);
    const auth = bearer(owner.token);
    const create = (name: unknown) =>
      t.http.post(`/v1/organizations/${owner.organizationId}/workspaces`).set(auth).send({ name });
    expect((await create(`  ${'w'.repeat(200)}  `).expect(201)).body.name).toBe('w'.repeat(200));
    for (const name of ['w'.repeat(201), '   ', '', 'two\nlines']) {
      const res = await create(name).expect(422);
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'name' })]);
    }
    await create(undefined).expect(422);
    await t.http
      .post('/v1/operator/organizations')
      .set(operator)
      .send({ name: 'o'.repeat(201), owner_email: uniqueEmail() })
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
