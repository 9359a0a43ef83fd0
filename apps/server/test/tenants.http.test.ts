import { randomUUID } from 'node:crypto';
import { operator, uniqueEmail } from './support/api';
import { mailedToken, type PlatformWorkspace, platformWorkspace, publicCall } from './support/app-users';
import { DATABASES, startTestServer, type TestServer } from './support/test-server';

/* Tenants (spec: Tenants) over HTTP; the rules in detail are domain tests (tenants.use-cases.test.ts). */
describe.each(DATABASES)('tenants on %s', (kind) => {
  let t: TestServer;
  let w: PlatformWorkspace;
  beforeAll(async () => {
    t = await startTestServer(kind, { TRUST_PROXY: 'true' });
    w = await platformWorkspace(t, { multiTenant: true });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const create = (body: object) => t.http.post(w.tenants).set(w.auth).send(body);

  it('409 while multi-tenant is off, and without active platform sign-in', async () => {
    const off = await platformWorkspace(t);
    expect((await t.http.get(off.tenants).set(off.auth).expect(409)).body.code).toBe('multi_tenant_disabled');
    await t.http
      .put(`/v1/workspaces/${off.workspaceId}/auth`)
      .set(off.auth)
      .send({ mode: 'none' })
      .expect(200);
    expect((await t.http.post(off.tenants).set(off.auth).send({ name: 'A' }).expect(409)).body.code).toBe(
      'platform_sign_in_required',
    );
  });

  it('create 201, list, get, PATCH and DELETE 204; 409 for a taken alias, 422 for bad fields, 404 unknown', async () => {
    const alias = `acme-${randomUUID().slice(0, 6)}`;
    const created = await create({ name: 'Acme', alias, domains: ['ACME.example'] }).expect(201);
    expect(created.body).toMatchObject({ name: 'Acme', alias, domains: ['acme.example'], enabled: true });
    expect((await create({ name: 'Other', alias }).expect(409)).body.code).toBe('tenant_alias_taken');
    expect((await create({ name: 'Other', alias: 'No Spaces' }).expect(422)).body.code).toBe(
      'invalid_tenant_alias',
    );
    expect((await create({ name: 'Other', domains: ['not a domain'] }).expect(422)).body.code).toBe(
      'invalid_tenant_domains',
    );
    const one = `${w.tenants}/${created.body.id}`;
    const list = await t.http.get(w.tenants).set(w.auth).expect(200);
    expect(list.body.tenants.map((x: { id: string }) => x.id)).toContain(created.body.id);
    const patched = await t.http
      .patch(one)
      .set(w.auth)
      .send({ name: 'Acme Inc', enabled: false })
      .expect(200);
    expect(patched.body).toMatchObject({ name: 'Acme Inc', enabled: false });
    await t.http.get(one).set(w.auth).expect(200);
    await t.http.delete(one).set(w.auth).expect(204);
    expect((await t.http.get(one).set(w.auth).expect(404)).body.code).toBe('tenant_not_found');
  });

  it('members: by email of someone who can sign in (no invitation), of nobody (invited), by user_id; removing keeps the login', async () => {
    const tenant = (await create({ name: 'Members' }).expect(201)).body;
    const members = `${w.tenants}/${tenant.id}/members`;
    const existing = uniqueEmail('member');
    const added = await w.add({ email: existing, password: 'a good password' }).expect(201);
    const sent = t.mailer.sent.length;
    const byEmail = await t.http.post(members).set(w.auth).send({ email: existing }).expect(201);
    expect(byEmail.body).toMatchObject({ tenant_id: tenant.id, invited: false, user: { id: added.body.id } });
    expect(t.mailer.sent).toHaveLength(sent);
    expect(
      (await t.http.post(members).set(w.auth).send({ user_id: added.body.id }).expect(200)).body.invited,
    ).toBe(false);

    const newcomer = uniqueEmail('newcomer');
    const invited = await t.http.post(members).set(w.auth).send({ email: newcomer }).expect(201);
    expect(invited.body).toMatchObject({
      invited: true,
      user: { email: newcomer, invite_pending: true, email_sent: true },
    });
    // The member's user carries the invitation's expiry, as GET /users/{id} does.
    const inspected = await publicCall(t, '/v1/public/invite-links/inspect', {
      token: mailedToken(t, newcomer),
    }).expect(200);
    const expiresAt = inspected.body.expires_at;
    expect(invited.body.user.invite_link_expires_at).toBe(expiresAt);
    const shown = await t.http.get(`${w.users}/${invited.body.user.id}`).set(w.auth).expect(200);
    expect(shown.body.invite_link_expires_at).toBe(expiresAt);
    const listed = await t.http.get(members).set(w.auth).expect(200);
    expect(
      listed.body.members.map((m: { user: { email: string; invite_link_expires_at: string | null } }) => [
        m.user.email,
        m.user.invite_link_expires_at,
      ]),
    ).toEqual([
      [existing, null],
      [newcomer, expiresAt],
    ]);

    expect((await t.http.post(members).set(w.auth).send({}).expect(422)).body.code).toBe('user_id_or_email');
    expect(
      (await t.http.post(members).set(w.auth).send({ user_id: randomUUID() }).expect(404)).body.code,
    ).toBe('app_user_not_found');
    const page = await t.http.get(`${members}?limit=1`).set(w.auth).expect(200);
    expect(page.body).toMatchObject({ total: 2, limit: 1, first: 0 });

    await t.http.delete(`${members}/${added.body.id}`).set(w.auth).expect(204);
    expect((await t.http.delete(`${members}/${added.body.id}`).set(w.auth).expect(404)).body.code).toBe(
      'tenant_member_not_found',
    );
    await t.http.get(`${w.users}/${added.body.id}`).set(w.auth).expect(200);
  });

  it('tenants appear as the organization claim of the member’s token', async () => {
    const alias = `org-${randomUUID().slice(0, 6)}`;
    const tenant = (await create({ name: 'Claimed', alias }).expect(201)).body;
    const email = uniqueEmail('claimed');
    await t.http.post(`${w.tenants}/${tenant.id}/members`).set(w.auth).send({ email }).expect(201);
    await w.add({ email, password: 'claimed password', temporary_password: false }).expect(201);
    const res = await publicCall(t, w.tokenPath, { email, password: 'claimed password' }).expect(200);
    const claims = JSON.parse(Buffer.from(res.body.access_token.split('.')[1], 'base64url').toString());
    expect(claims.organization).toEqual({ [alias]: { id: tenant.id, name: 'Claimed' } });
  });

  it('while frozen: 403 on create, removing a member and deleting pass', async () => {
    const tenant = (await create({ name: 'Frozen' }).expect(201)).body;
    const freeze = (frozen: boolean) =>
      t.http.patch(`/v1/operator/workspaces/${w.workspaceId}`).set(operator).send({ frozen }).expect(200);
    await freeze(true);
    try {
      expect((await create({ name: 'New' }).expect(403)).body.code).toBe('workspace_frozen');
      await t.http.patch(`${w.tenants}/${tenant.id}`).set(w.auth).send({ enabled: false }).expect(200);
      await t.http.delete(`${w.tenants}/${tenant.id}`).set(w.auth).expect(204);
    } finally {
      await freeze(false);
    }
  });
});
