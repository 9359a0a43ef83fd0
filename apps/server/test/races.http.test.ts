import { operator, uniqueEmail } from './support/api';
import { platformWorkspace } from './support/app-users';
import { userIdOf } from './support/seed';
import { appSeeder } from './support/seed-apps';
import { CONCURRENT_DATABASES, startTestServer, type TestServer } from './support/test-server';
import { workspaceWithOwner } from './support/workspace';

/*
 * Requests that race for one thing, sent together: the end state is one a
 * sequence of the same requests could have left, with one audit event per
 * change and no 500. On PostgreSQL the transactions run side by side; on
 * PGlite one after the other, where these only check the answers.
 */
const BURST = 8;
const together = <T>(make: (i: number) => PromiseLike<T>) =>
  Promise.all(Array.from({ length: BURST }, (_, i) => make(i)));
const statuses = (answers: readonly { status: number }[]) => answers.map((a) => a.status).sort();

describe.each(CONCURRENT_DATABASES)('racing requests on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { PUBLIC_BASE_URL: 'https://api.platform.test' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const events = async (auth: Record<string, string>, workspaceId: string, action: string) =>
    (await t.http.get(`/v1/workspaces/${workspaceId}/audit?action=${action}&limit=200`).set(auth).expect(200))
      .body.events.length as number;

  it('invites of one new app-user email: one user, each answer an invite or a resend limit, never a conflict', async () => {
    const w = await platformWorkspace(t);
    const email = uniqueEmail('raced');
    const answers = await together(() => w.invite({ email, send_email: false }));
    for (const status of statuses(answers)) expect([201, 429]).toContain(status);
    const users = (await t.http.get(w.users).set(w.auth).expect(200)).body.users as { email: string }[];
    expect(users.filter((u) => u.email === email)).toHaveLength(1);
  });

  it('adds of one member to one tenant: one 201 and one event, the rest 200', async () => {
    const w = await platformWorkspace(t, { multiTenant: true });
    const tenant = (await t.http.post(w.tenants).set(w.auth).send({ name: 'Acme' }).expect(201)).body;
    const user = (
      await w.add({ email: uniqueEmail('member'), password: 'member password', temporary_password: false })
    ).body;
    const answers = await together(() =>
      t.http.post(`${w.tenants}/${tenant.id}/members`).set(w.auth).send({ user_id: user.id }),
    );
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(await events(w.auth, w.workspaceId, 'tenant.member_added')).toBe(1);
  });

  it('a tenant deleted while members are added and SSO links it: 404s, never a 500', async () => {
    const w = await platformWorkspace(t, { multiTenant: true });
    for (let round = 0; round < 3; round++) {
      const tenant = (
        await t.http
          .post(w.tenants)
          .set(w.auth)
          .send({ name: `T${round}` })
          .expect(201)
      ).body;
      const user = (
        await w.add({ email: uniqueEmail('member'), password: 'member password', temporary_password: false })
      ).body;
      const answers = await Promise.all([
        t.http.post(`${w.tenants}/${tenant.id}/members`).set(w.auth).send({ user_id: user.id }),
        t.http.delete(`${w.tenants}/${tenant.id}`).set(w.auth),
        t.http
          .post(`/v1/workspaces/${w.workspaceId}/auth/sso`)
          .set(w.auth)
          .send({
            protocol: 'oidc',
            name: `IdP ${round}`,
            issuer: 'https://idp.example.com',
            client_id: 'client',
            authorization_endpoint: 'https://idp.example.com/authorize',
            organization_id: tenant.id,
          }),
      ]);
      expect([201, 404]).toContain(answers[0].status);
      expect(answers[1].status).toBe(204);
      expect([201, 404]).toContain(answers[2].status);
      await t.http.get(`${w.tenants}/${tenant.id}`).set(w.auth).expect(404);
    }
  });

  it('a sign-in host and an app domain claimed together: one of them gets the name', async () => {
    for (let round = 0; round < 3; round++) {
      const signIn = await workspaceWithOwner(t);
      const other = await workspaceWithOwner(t);
      const apps = await appSeeder(t, await userIdOf(t, other.owner.email), other.workspaceId);
      const app = await apps.standaloneApp();
      const host = `login-${round}-${Date.now()}.example.com`;
      const [claim, domain] = await Promise.all([
        t.http
          .put(`/v1/workspaces/${signIn.workspaceId}/auth`)
          .set(signIn.auth)
          .send({ host: { custom_domain: host } }),
        t.http
          .post(`/v1/workspaces/${other.workspaceId}/apps/${app.id}/coderunner/domains`)
          .set(other.auth)
          .send({ domain: host }),
      ]);
      // Exactly one wins; the other is told the name collides.
      expect([claim.status === 200, domain.status === 201].filter(Boolean)).toHaveLength(1);
      expect(claim.status === 200 ? domain.status : claim.status).toBe(409);
      const claimed = (await t.http.get(`/v1/workspaces/${signIn.workspaceId}/auth`).set(signIn.auth)).body
        .host.custom_domain;
      const domains = (
        await t.http
          .get(`/v1/workspaces/${other.workspaceId}/apps/${app.id}/coderunner/domains`)
          .set(other.auth)
      ).body.domains as unknown[];
      expect((claimed === host ? 1 : 0) + domains.length).toBe(1);
    }
  });

  it('promotions creating one target app: every one answers 200, one app is made', async () => {
    const w = await workspaceWithOwner(t);
    const apps = await appSeeder(t, await userIdOf(t, w.owner.email), w.workspaceId);
    const source = await apps.shellApp();
    const answers = await together(() =>
      t.http
        .post(`/v1/workspaces/${w.workspaceId}/apps/promote`)
        .set(w.auth)
        .send({
          source_environment_id: w.devId,
          target_environment_id: w.prodId,
          pairs: [{ source_app_id: source.id }],
        }),
    );
    expect(statuses(answers)).toEqual(Array(BURST).fill(200));
    for (const a of answers) expect(a.body.failed).toEqual([]);
    const listed = (await t.http.get(`/v1/workspaces/${w.workspaceId}/apps`).set(w.auth).expect(200)).body
      .apps as { slug: string }[];
    expect(listed.filter((a) => a.slug === `${source.slug}-prod`)).toHaveLength(1);
  });

  it('renames of environments to one name: one 200, the rest 409 environment_name_taken', async () => {
    const w = await workspaceWithOwner(t);
    const base = `/v1/workspaces/${w.workspaceId}/environments`;
    const ids = [w.devId, w.prodId];
    for (let i = 2; i < BURST; i++)
      ids.push(
        (
          await t.http
            .post(base)
            .set(w.auth)
            .send({ name: `env-${i}` })
            .expect(201)
        ).body.id,
      );
    const answers = await together((i) =>
      t.http.patch(`${base}/${ids[i]}`).set(w.auth).send({ name: 'same' }),
    );
    expect(statuses(answers)).toEqual([200, ...Array(BURST - 1).fill(409)]);
    for (const a of answers.filter((a) => a.status === 409))
      expect(a.body.code).toBe('environment_name_taken');
  });

  it('tenants given one alias: one 200, the rest 409 tenant_alias_taken', async () => {
    const w = await platformWorkspace(t, { multiTenant: true });
    const ids: string[] = [];
    for (let i = 0; i < BURST; i++)
      ids.push(
        (
          await t.http
            .post(w.tenants)
            .set(w.auth)
            .send({ name: `Tenant ${i}` })
            .expect(201)
        ).body.id,
      );
    const answers = await together((i) =>
      t.http.patch(`${w.tenants}/${ids[i]}`).set(w.auth).send({ alias: 'same-alias' }),
    );
    expect(statuses(answers)).toEqual([200, ...Array(BURST - 1).fill(409)]);
    for (const a of answers.filter((a) => a.status === 409)) expect(a.body.code).toBe('tenant_alias_taken');
  });

  it('organizations bootstrapped for one new owner email: every one 201, one user owning them all', async () => {
    const email = uniqueEmail('bootstrapped');
    const answers = await together((i) =>
      t.http
        .post('/v1/operator/organizations')
        .set(operator)
        .send({ name: `Org ${i}`, owner_email: email }),
    );
    expect(statuses(answers)).toEqual(Array(BURST).fill(201));
    const owners = new Set(answers.map((a) => a.body.owner_membership.user_id));
    expect(owners.size).toBe(1);
  });

  it('password changes from one current password: one 204, the rest 422, and the winner signs in', async () => {
    const w = await workspaceWithOwner(t);
    const answers = await together((i) =>
      t.http
        .post('/v1/me/password')
        .set(w.auth)
        .send({ current_password: w.owner.password, new_password: `new password number ${i}` }),
    );
    expect(statuses(answers)).toEqual([204, ...Array(BURST - 1).fill(422)]);
    const winner = answers.findIndex((a) => a.status === 204);
    await t.http
      .post('/v1/auth/token')
      .send({ email: w.owner.email, password: `new password number ${winner}` })
      .expect(200);
  });
});
