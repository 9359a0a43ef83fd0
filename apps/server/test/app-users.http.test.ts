import { randomUUID } from 'node:crypto';
import { UNIT_OF_WORK, type UnitOfWork } from '@groundfloor/domain';
import { bearer, operator, uniqueEmail } from './support/api';
import { mailedToken, type PlatformWorkspace, platformWorkspace, publicCall } from './support/app-users';
import { userIdOf } from './support/seed';
import { appSeeder } from './support/seed-apps';
import { DATABASES, startTestServer, type TestServer } from './support/test-server';
import { workspaceWithOwner } from './support/workspace';

/*
 * App users over HTTP: one test per status code and rule (the permutations
 * are domain tests, packages/domain/test/app-users). Every request of the
 * public invite routes comes from an address of its own unless a test is
 * about the per-address limit.
 */
describe.each(DATABASES)('app users on %s', (kind) => {
  let t: TestServer;
  let w: PlatformWorkspace;
  beforeAll(async () => {
    t = await startTestServer(kind, { TRUST_PROXY: 'true' });
    w = await platformWorkspace(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const user = (id: string, suffix = '') => `${w.users}/${id}${suffix}`;
  const mailedTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);
  const seeder = async () => appSeeder(t, await userIdOf(t, w.owner.email), w.workspaceId);

  describe('invite (POST /users)', () => {
    it('201: a pending user, an invitation email with a 72-hour link after #token=', async () => {
      const email = uniqueEmail('invitee');
      const res = await w.invite({ email, first_name: 'Ann' }).expect(201);
      expect(res.body).toMatchObject({
        email,
        first_name: 'Ann',
        roles: ['user'],
        enabled: true,
        invite_pending: true,
        email_verified: false,
        email_sent: true,
        email_skipped_reason: null,
        password_change_required: false,
      });
      const expires = Date.parse(res.body.invite_link_expires_at) - Date.parse(res.body.email_attempted_at);
      expect(Math.round(expires / 3_600_000)).toBe(72);
      const mail = t.mailer.last();
      expect(mail?.text).toMatch(new RegExp(`/sign-in/${w.workspaceId}/invite#token=\\S+$`, 'm'));
    });

    it('201 with send_email false: not_requested, no email', async () => {
      const email = uniqueEmail('quiet');
      const res = await w.invite({ email, send_email: false }).expect(201);
      expect(res.body).toMatchObject({ email_sent: false, email_skipped_reason: 'not_requested' });
      expect(t.mailer.sent.some((m) => m.to === email)).toBe(false);
    });

    it('409 for someone who can already sign in; inviting a pending user again is a resend (429 within a minute of it)', async () => {
      const can = uniqueEmail('can');
      await w.add({ email: can, password: 'a good password' }).expect(201);
      expect((await w.invite({ email: can }).expect(409)).body.code).toBe('app_user_can_sign_in');
      const pending = uniqueEmail('pending');
      const first = await w.invite({ email: pending }).expect(201);
      // The first resend may follow the invitation at once.
      const resent = await w.invite({ email: pending }).expect(201);
      expect(resent.body).toMatchObject({ id: first.body.id, email_sent: true });
      const again = await w.invite({ email: pending }).expect(429);
      expect(again.body.code).toBe('invite_resend_too_soon');
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('404 for an unknown app_id, 422 for an archived app and for an unknown role', async () => {
      const app = await t.http
        .post(`/v1/workspaces/${w.workspaceId}/apps`)
        .set(w.auth)
        .send({ name: 'Old', slug: `old-${randomUUID().slice(0, 8)}` })
        .expect(201);
      await t.http.delete(`/v1/workspaces/${w.workspaceId}/apps/${app.body.id}`).set(w.auth).expect(204);
      expect((await w.invite({ email: uniqueEmail(), app_id: randomUUID() }).expect(404)).body.code).toBe(
        'app_not_found',
      );
      expect((await w.invite({ email: uniqueEmail(), app_id: app.body.id }).expect(422)).body.code).toBe(
        'invalid_sign_in_app',
      );
      const role = await w.invite({ email: uniqueEmail(), role: 'nope' }).expect(422);
      expect(role.body).toMatchObject({ code: 'unknown_app_role', errors: [{ field: 'role' }] });
    });

    it('422 invalid_sign_in_app for a legacy coderunner app_id, nothing sent; a standalone app_id opens that app', async () => {
      const apps = await seeder();
      const legacy = await apps.legacyCoderunnerApp();
      const refusedEmail = uniqueEmail('legacy');
      const refused = await w.invite({ email: refusedEmail, app_id: legacy.id }).expect(422);
      expect(refused.body.code).toBe('invalid_sign_in_app');
      expect(mailedTo(refusedEmail)).toEqual([]);
      const listed = await t.http.get(`${w.users}?limit=200`).set(w.auth).expect(200);
      expect(listed.body.total).toBeLessThanOrEqual(200);
      expect(listed.body.users.map((u: { email: string }) => u.email)).not.toContain(refusedEmail);

      const site = await apps.standaloneApp();
      const email = uniqueEmail('site');
      const invited = await w.invite({ email, app_id: site.id }).expect(201);
      expect(invited.body).toMatchObject({ email, invite_pending: true, email_sent: true });
      // docs/sign-in.md: the link opens the sign-in address with ?app_id= naming the app.
      const done = await publicCall(t, '/v1/public/invite-links/redeem', {
        token: mailedToken(t, email),
        password: 'my chosen password',
      }).expect(200);
      expect(done.body.sign_in_url).toMatch(new RegExp(`/sign-in/${w.workspaceId}\\?app_id=${site.id}$`));
    });

    it('409 without active platform sign-in, 409 tenant_id while multi-tenant is off', async () => {
      const plain = await workspaceWithOwner(t);
      const res = await t.http
        .post(`/v1/workspaces/${plain.workspaceId}/users`)
        .set(plain.auth)
        .send({ email: uniqueEmail() });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('platform_sign_in_required');
      expect((await w.invite({ email: uniqueEmail(), tenant_id: randomUUID() }).expect(409)).body.code).toBe(
        'multi_tenant_disabled',
      );
    });
  });

  describe('add (POST /users/add)', () => {
    it('201 with a generated password, answered once with no-store; never emailed', async () => {
      const email = uniqueEmail('added');
      const res = await w.add({ email, generate_password: true, role: 'viewer' }).expect(201);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatchObject({
        email,
        roles: ['viewer'],
        invite_pending: false,
        email_verified: true,
        password_change_required: true,
      });
      expect(res.body.sign_in_url).toMatch(new RegExp(`/sign-in/${w.workspaceId}$`));
      const password = res.body.temporary_password as string;
      expect(password.length).toBeGreaterThanOrEqual(8);
      const mail = t.mailer.last();
      expect(mail).toMatchObject({ to: email, template: 'app_user_access_details' });
      expect(mail?.text).not.toContain(password);
      expect((await t.http.get(user(res.body.id)).set(w.auth).expect(200)).body).not.toHaveProperty(
        'temporary_password',
      );
    });

    it('422 without exactly one password option, 422 for a short password, 409 for an email that can sign in', async () => {
      const email = uniqueEmail();
      expect((await w.add({ email }).expect(422)).body.code).toBe('password_option_required');
      expect(
        (await w.add({ email, password: 'a good password', generate_password: true }).expect(422)).body.code,
      ).toBe('password_option_required');
      expect((await w.add({ email, password: 'short' }).expect(422)).body.code).toBe('invalid_password');
      await w.add({ email, password: 'a good password' }).expect(201);
      expect((await w.add({ email, generate_password: true }).expect(409)).body.code).toBe(
        'app_user_can_sign_in',
      );
    });
    it('checks app_id as invite does: 404 unknown, 422 archived or legacy coderunner; a standalone app opens from sign_in_url', async () => {
      const apps = await seeder();
      const archived = await apps.standaloneApp();
      await apps.archive(archived.id);
      const legacy = await apps.legacyCoderunnerApp();
      const email = uniqueEmail('addapp');
      const add = (appId: string) => w.add({ email, password: 'a good password', app_id: appId });
      expect((await add(randomUUID()).expect(404)).body.code).toBe('app_not_found');
      expect((await add(archived.id).expect(422)).body.code).toBe('invalid_sign_in_app');
      expect((await add(legacy.id).expect(422)).body.code).toBe('invalid_sign_in_app');
      expect(mailedTo(email)).toEqual([]);

      const site = await apps.standaloneApp();
      const added = await add(site.id).expect(201);
      expect(added.body.sign_in_url).toMatch(new RegExp(`/sign-in/${w.workspaceId}\\?app_id=${site.id}$`));
      expect(mailedTo(email)).toHaveLength(1);
      expect(mailedTo(email)[0]?.text).toContain(added.body.sign_in_url);
    });
  });

  describe('a user linked through single sign-on', () => {
    it('409 app_user_can_sign_in on invite, add, resend and invite-link; no email is sent', async () => {
      const connection = await t.http
        .post(`/v1/workspaces/${w.workspaceId}/auth/sso`)
        .set(w.auth)
        .send({
          protocol: 'oidc',
          name: 'Okta',
          issuer: 'https://acme.okta.example',
          client_id: 'client-123',
          authorization_endpoint: 'https://acme.okta.example/oauth2/v1/authorize',
        })
        .expect(201);
      const email = uniqueEmail('sso');
      const pending = await w.invite({ email, send_email: false }).expect(201);
      // No route links a user to a connection (single sign-on does): linked in the store.
      const uow = await t.running.container.getAsync<UnitOfWork>(UNIT_OF_WORK);
      await uow.transaction(async (tx) => {
        const found = await tx.appUsers.findById(w.workspaceId, pending.body.id);
        if (!found) throw new Error('the invited user is gone');
        await tx.appUsers.save({ ...found, ssoConnectionIds: [connection.body.id] });
      });
      const before = (await t.http.get(user(pending.body.id)).set(w.auth).expect(200)).body;
      const sent = t.mailer.sent.length;

      const refusals = [
        w.invite({ email }),
        w.add({ email, password: 'a good password', temporary_password: false }),
        w.add({ email, generate_password: true }),
        t.http.post(user(pending.body.id, '/resend-invite')).set(w.auth),
        t.http.post(user(pending.body.id, '/invite-link')).set(w.auth),
      ];
      for (const request of refusals) {
        const res = await request;
        expect(res.status).toBe(409);
        expect(res.body.code).toBe('app_user_can_sign_in');
      }
      expect(t.mailer.sent).toHaveLength(sent);
      expect((await t.http.get(user(pending.body.id)).set(w.auth).expect(200)).body).toEqual(before);
    });
  });

  describe('list, get, PATCH, DELETE', () => {
    it('lists with first and limit (422 out of range), gets one (404 unknown)', async () => {
      const list = await t.http.get(`${w.users}?first=0&limit=2`).set(w.auth).expect(200);
      expect(list.body).toMatchObject({ first: 0, limit: 2 });
      expect(list.body.users.length).toBeLessThanOrEqual(2);
      expect(list.body.total).toBeGreaterThanOrEqual(list.body.users.length);
      await t.http.get(`${w.users}?limit=201`).set(w.auth).expect(422);
      expect((await t.http.get(user(randomUUID())).set(w.auth).expect(404)).body.code).toBe(
        'app_user_not_found',
      );
    });

    it('PATCH replaces roles; on a frozen workspace disabling passes and re-enabling is 403', async () => {
      const created = await w.invite({ email: uniqueEmail(), send_email: false }).expect(201);
      const patched = await t.http
        .patch(user(created.body.id))
        .set(w.auth)
        .send({ roles: ['viewer', 'admin'] })
        .expect(200);
      expect(patched.body.roles).toEqual(['viewer', 'admin']);
      expect(
        (
          await t.http
            .patch(user(created.body.id))
            .set(w.auth)
            .send({ roles: ['x'] })
            .expect(422)
        ).body.code,
      ).toBe('unknown_app_role');
      const freeze = (frozen: boolean) =>
        t.http.patch(`/v1/operator/workspaces/${w.workspaceId}`).set(operator).send({ frozen }).expect(200);
      await freeze(true);
      try {
        await t.http.patch(user(created.body.id)).set(w.auth).send({ enabled: false, roles: [] }).expect(200);
        const refused = await t.http
          .patch(user(created.body.id))
          .set(w.auth)
          .send({ enabled: true })
          .expect(403);
        expect(refused.body.code).toBe('workspace_frozen');
        await w.invite({ email: uniqueEmail() }).expect(403);
      } finally {
        await freeze(false);
      }
    });

    it('on a suspended organization: re-enabling and granting roles are 403 organization_suspended and change nothing; disabling and empty roles pass', async () => {
      const s = await platformWorkspace(t);
      const path = (id: string) => `${s.users}/${id}`;
      const patch = (id: string, body: object) => t.http.patch(path(id)).set(s.auth).send(body);
      const disabled = await s.invite({ email: uniqueEmail('off'), send_email: false }).expect(201);
      await patch(disabled.body.id, { enabled: false }).expect(200);
      const active = await s.invite({ email: uniqueEmail('on'), send_email: false }).expect(201);
      expect(active.body.roles).toEqual(['user']);
      const suspend = (suspended: boolean) =>
        t.http
          .patch(`/v1/operator/organizations/${s.owner.organizationId}`)
          .set(operator)
          .send({ suspended })
          .expect(200);
      await suspend(true);
      try {
        expect((await patch(disabled.body.id, { enabled: true }).expect(403)).body.code).toBe(
          'organization_suspended',
        );
        expect((await patch(active.body.id, { roles: ['viewer'] }).expect(403)).body.code).toBe(
          'organization_suspended',
        );
        expect((await t.http.get(path(disabled.body.id)).set(s.auth).expect(200)).body.enabled).toBe(false);
        expect((await t.http.get(path(active.body.id)).set(s.auth).expect(200)).body.roles).toEqual(['user']);
        expect((await patch(active.body.id, { enabled: false }).expect(200)).body.enabled).toBe(false);
        expect((await patch(active.body.id, { roles: [] }).expect(200)).body.roles).toEqual([]);
      } finally {
        await suspend(false);
      }
      // The refusal was the suspension's: lifted, re-enabling works.
      expect((await patch(disabled.body.id, { enabled: true }).expect(200)).body.enabled).toBe(true);
    });

    it('DELETE is 204, then 404', async () => {
      const created = await w.invite({ email: uniqueEmail(), send_email: false }).expect(201);
      await t.http.delete(user(created.body.id)).set(w.auth).expect(204);
      await t.http.delete(user(created.body.id)).set(w.auth).expect(404);
    });

    it('a workspace writer may read but not administer (403)', async () => {
      const created = await w.invite({ email: uniqueEmail(), send_email: false }).expect(201);
      const writer = await addWriter();
      await t.http.get(user(created.body.id)).set(writer).expect(200);
      expect(
        (await t.http.patch(user(created.body.id)).set(writer).send({ enabled: false }).expect(403)).body
          .code,
      ).toBe('permission_denied');
    });
  });

  async function addWriter() {
    const email = uniqueEmail('writer');
    await t.http
      .post(`/v1/scopes/workspace/${w.workspaceId}/members`)
      .set(w.auth)
      .send({ email, password: 'writer password', temporary_password: false, role: 'writer' })
      .expect(201);
    const signedIn = await t.http
      .post('/v1/auth/token')
      .send({ email, password: 'writer password' })
      .expect(200);
    return bearer(signedIn.body.access_token);
  }

  describe('resend-invite, reset-password, temporary-password', () => {
    it('resend: 404 unknown, 409 for a user who can sign in, 429 within a minute, 200 with the outcome', async () => {
      await t.http.post(user(randomUUID(), '/resend-invite')).set(w.auth).expect(404);
      const added = await w.add({ email: uniqueEmail(), password: 'a good password' }).expect(201);
      expect(
        (await t.http.post(user(added.body.id, '/resend-invite')).set(w.auth).expect(409)).body.code,
      ).toBe('app_user_can_sign_in');
      // Right after the invitation email: the first resend is not too soon.
      const invited = await w.invite({ email: uniqueEmail() }).expect(201);
      const first = await t.http.post(user(invited.body.id, '/resend-invite')).set(w.auth).expect(200);
      expect(first.body).toMatchObject({ email_sent: true, email_skipped_reason: null });
      const soon = await t.http.post(user(invited.body.id, '/resend-invite')).set(w.auth).expect(429);
      expect(soon.body.code).toBe('invite_resend_too_soon');
      expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('reset-password: 202 accepted with the email outcome; the link goes to the address', async () => {
      const email = uniqueEmail('reset');
      const added = await w
        .add({ email, password: 'a good password', temporary_password: false })
        .expect(201);
      const res = await t.http.post(user(added.body.id, '/reset-password')).set(w.auth).expect(202);
      expect(res.body).toEqual({ status: 'accepted', email_sent: true, email_skipped_reason: null });
      expect(t.mailer.last()).toMatchObject({ to: email, template: 'app_user_password_reset' });
    });

    it('temporary-password: 200 once with no-store; 409 once the user chose a password', async () => {
      const email = uniqueEmail();
      const pending = await w.invite({ email, send_email: false }).expect(201);
      const res = await t.http.post(user(pending.body.id, '/temporary-password')).set(w.auth).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      // Set, not yet used: still pending (spec, States and transitions: "temporary password used").
      expect(res.body).toMatchObject({
        id: pending.body.id,
        password_change_required: true,
        invite_pending: true,
      });
      expect(typeof res.body.temporary_password).toBe('string');
      expect((await t.http.get(user(pending.body.id)).set(w.auth).expect(200)).body.invite_pending).toBe(
        true,
      );
      // It is a way to sign in, so resending an invitation is still 409.
      expect(
        (await t.http.post(user(pending.body.id, '/resend-invite')).set(w.auth).expect(409)).body.code,
      ).toBe('app_user_can_sign_in');
      await publicCall(t, w.tokenPath, {
        email,
        password: res.body.temporary_password,
        new_password: 'my own password',
      }).expect(200);
      expect((await t.http.get(user(pending.body.id)).set(w.auth).expect(200)).body).toMatchObject({
        invite_pending: false,
        password_change_required: false,
      });
      const chose = await w
        .add({ email: uniqueEmail(), password: 'a good password', temporary_password: false })
        .expect(201);
      expect(
        (await t.http.post(user(chose.body.id, '/temporary-password')).set(w.auth).expect(409)).body.code,
      ).toBe('temporary_password_not_allowed');
    });
  });

  describe('invite links', () => {
    it('POST 201 {url, expires_at} with no-store, secret after #; DELETE 204 makes it 410', async () => {
      const pending = await w.invite({ email: uniqueEmail(), send_email: false }).expect(201);
      const res = await t.http.post(user(pending.body.id, '/invite-link')).set(w.auth).expect(201);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.url).toMatch(new RegExp(`/sign-in/${w.workspaceId}/invite#token=[A-Za-z0-9_-]+$`));
      const hours = (Date.parse(res.body.expires_at) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
      const token = res.body.url.split('#token=')[1];
      await publicCall(t, '/v1/public/invite-links/inspect', { token }).expect(200);
      await t.http.delete(user(pending.body.id, '/invite-link')).set(w.auth).expect(204);
      expect((await publicCall(t, '/v1/public/invite-links/inspect', { token }).expect(410)).body.code).toBe(
        'link_unusable',
      );
    });

    it('409 for a disabled user, 404 unknown, 429 past 10 an hour', async () => {
      await t.http.post(user(randomUUID(), '/invite-link')).set(w.auth).expect(404);
      const pending = await w.invite({ email: uniqueEmail(), send_email: false }).expect(201);
      for (let i = 0; i < 10; i++)
        await t.http.post(user(pending.body.id, '/invite-link')).set(w.auth).expect(201);
      expect(
        (await t.http.post(user(pending.body.id, '/invite-link')).set(w.auth).expect(429)).body.code,
      ).toBe('invite_link_limit');
      const other = await w.invite({ email: uniqueEmail(), send_email: false }).expect(201);
      await t.http.patch(user(other.body.id)).set(w.auth).send({ enabled: false }).expect(200);
      expect((await t.http.post(user(other.body.id, '/invite-link')).set(w.auth).expect(409)).body.code).toBe(
        'app_user_disabled',
      );
    });
  });

  describe('public inspect and redeem', () => {
    const inspect = (token: string, ip?: string) =>
      publicCall(t, '/v1/public/invite-links/inspect', { token }, ip);
    const redeem = (token: string, password: string, ip?: string) =>
      publicCall(t, '/v1/public/invite-links/redeem', { token, password }, ip);

    it('inspect 200 without using the link; redeem 200 {sign_in_url}, then 410', async () => {
      const email = uniqueEmail('redeemer');
      const invited = await w.invite({ email }).expect(201);
      const token = mailedToken(t, email);
      const seen = await inspect(token).expect(200);
      expect(seen.body).toMatchObject({
        workspace_name: 'Main',
        logo_url: null,
        expires_at: expect.any(String),
      });
      expect(seen.body.email_masked).toMatch(/^r\*\*\*@example\.test$/);
      await inspect(token).expect(200);
      const done = await redeem(token, 'my chosen password').expect(200);
      expect(done.body.sign_in_url).toMatch(new RegExp(`/sign-in/${w.workspaceId}$`));
      expect((await t.http.get(user(invited.body.id)).set(w.auth).expect(200)).body).toMatchObject({
        invite_pending: false,
        email_verified: true,
      });
      expect((await redeem(token, 'my chosen password').expect(410)).body.code).toBe('link_unusable');
      await inspect('not-a-token').expect(410);
    });

    it('422 keeps the link usable; 429 after 5 failures with one link', async () => {
      const email = uniqueEmail('fails');
      await w.invite({ email }).expect(201);
      const token = mailedToken(t, email);
      for (let i = 0; i < 5; i++)
        expect((await redeem(token, 'short').expect(422)).body.code).toBe('invalid_password');
      const limited = await redeem(token, 'a good password').expect(429);
      expect(limited.body.code).toBe('too_many_redeem_attempts');
      expect(limited.headers['retry-after']).toBeDefined();
    });

    it('10 requests a minute per address on both routes together (429)', async () => {
      const ip = '198.51.100.77';
      for (let i = 0; i < 10; i++) await inspect('unknown', ip).expect(410);
      expect((await redeem('unknown', 'a good password', ip).expect(429)).body.code).toBe(
        'public_rate_limited',
      );
    });

    it('counts requests whose body is invalid or not JSON toward the same limit', async () => {
      const ip = '198.51.100.78';
      const post = (path: string) =>
        t.http
          .post(`/v1/public/invite-links/${path}`)
          .set('X-Forwarded-For', ip)
          .set('Content-Type', 'application/json');
      for (let i = 0; i < 4; i++) await post('inspect').send({}).expect(422);
      for (let i = 0; i < 3; i++) await post('redeem').send({ token: 'zz' }).expect(422);
      for (let i = 0; i < 3; i++) await post('redeem').send('{not json').expect(400);
      const limited = await post('inspect').send({ token: 'unknown' }).expect(429);
      expect(limited.body.code).toBe('public_rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      await post('redeem').send({}).expect(429);
    });

    it('does not count paths that are not the routes (another letter case is 404 and free)', async () => {
      const ip = '198.51.100.79';
      for (let i = 0; i < 12; i++)
        await t.http
          .post('/v1/public/INVITE-LINKS/inspect')
          .set('X-Forwarded-For', ip)
          .send({ token: 'unknown' })
          .expect(404);
      await t.http
        .post('/v1/public/invite-links/inspect/')
        .set('X-Forwarded-For', ip)
        .send({ token: 'unknown' })
        .expect(410);
    });
  });
});
