import { operator } from './support/api';
import { addSignedInMember } from './support/members';
import { DATABASES, startTestServer, type TestServer } from './support/test-server';
import { workspaceWithOwner } from './support/workspace';

const PUBLIC_BASE_URL = 'https://api.platform.test';
const CNAME_TARGET = 'ingress.platform.test';

/*
 * The sign-in configuration over HTTP (docs/sign-in.md): modes, multi-tenant,
 * deleting platform sign-in, the mail block's checks, app roles and SSO
 * connections. Rule permutations are domain tests; here one test per status.
 */
/** A custom mail block on a public address, as a client would send it. */
const customMail = <T extends object>(fields: T) => ({
  mode: 'custom',
  host: '8.8.8.8',
  port: 587,
  from_email: 'login@acme.example',
  username: 'mailer',
  starttls: true,
  ...fields,
});

describe.each(DATABASES)('workspace sign-in configuration on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { PUBLIC_BASE_URL, DOMAIN_CNAME_TARGET: CNAME_TARGET });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function world() {
    const w = await workspaceWithOwner(t);
    const base = `/v1/workspaces/${w.workspaceId}`;
    return {
      ...w,
      base,
      get: () => t.http.get(`${base}/auth`).set(w.auth),
      put: (body: object) => t.http.put(`${base}/auth`).set(w.auth).send(body),
      deletePlatform: (body: object) => t.http.delete(`${base}/auth/platform`).set(w.auth).send(body),
    };
  }

  it('reads a workspace that never configured sign-in as the default', async () => {
    const w = await world();
    const { body } = await w.get().expect(200);
    expect(body).toEqual({
      workspace_id: w.workspaceId,
      mode: 'none',
      platform: null,
      external: null,
      multi_tenant: { enabled: false },
      host: {
        custom_domain: null,
        custom_domain_status: null,
        custom_domain_verification: null,
        claimed_at: null,
        verified_at: null,
        claim_expires_at: null,
      },
      branding: {
        display_name: null,
        primary_color: null,
        background_color: null,
        text_color: null,
        logo_url: null,
        favicon_url: null,
        login_background_url: null,
      },
      mail: { mode: 'platform', from_email: 'no-reply@api.platform.test', from_display_name: 'Acme' },
    });
  });

  it('creates the platform block, disables it on leaving and re-activates it; a GET sent back changes nothing', async () => {
    const w = await world();
    const created = (await w.put({ mode: 'platform' }).expect(200)).body;
    expect(created.platform).toMatchObject({
      status: 'active',
      realm: `ws-${w.workspaceId}`,
      issuer: `${PUBLIC_BASE_URL}/v1/public/workspaces/${w.workspaceId}`,
      disabled_at: null,
    });
    const left = (
      await w.put({ mode: 'external', external: { issuer: 'https://idp.example.com' } }).expect(200)
    ).body;
    expect(left.platform).toMatchObject({ status: 'disabled', realm: created.platform.realm });
    expect(left.external).toEqual({ issuer: 'https://idp.example.com' });
    const back = (await w.put({ mode: 'platform' }).expect(200)).body;
    expect(back.platform).toEqual({ ...created.platform });
    // GET-modify-PUT: read-only fields sent back are ignored.
    expect((await w.put(back).expect(200)).body).toEqual(back);
  });

  it('answers 409 for multi-tenant without active platform sign-in, and takes both in one request', async () => {
    const w = await world();
    const refused = await w.put({ multi_tenant: { enabled: true } }).expect(409);
    expect(refused.body.code).toBe('platform_sign_in_required');
    const { body } = await w.put({ mode: 'platform', multi_tenant: { enabled: true } }).expect(200);
    expect(body.multi_tenant).toEqual({ enabled: true });
  });

  it('answers 422 for an unknown mode, a bad mail port, a private mail host, naming the fields', async () => {
    const w = await world();
    expect((await w.put({ mode: 'keycloak' }).expect(422)).body.code).toBe('invalid_sign_in_mode');
    const mail = { mode: 'custom', host: '8.8.8.8', port: 26, from_email: 'login@acme.example' };
    const port = await w.put({ mail }).expect(422);
    expect(port.body).toMatchObject({
      code: 'invalid_mail_settings',
      errors: [{ field: 'mail.port', message: 'must be one of 25, 465, 587, 2525' }],
    });
    for (const host of ['127.0.0.1', '10.0.0.7', '169.254.169.254', '[::1]', 'fd00::1']) {
      const refused = await w.put({ mail: { ...mail, host, port: 587 } }).expect(422);
      expect(refused.body).toMatchObject({ code: 'mail_host_not_public', errors: [{ field: 'mail.host' }] });
    }
    const shape = await w.put({ mail: { mode: 'custom', port: '587' } }).expect(422);
    expect(shape.body.errors).toEqual([expect.objectContaining({ field: 'mail.port' })]);
  });

  it('stores a custom mail block without ever returning the password', async () => {
    const w = await world();
    const mail = customMail({ from_display_name: 'Acme Login', password: 'smtp-PASSWORD-in-config-test' });
    const { body, text } = await w.put({ mail }).expect(200);
    expect(body.mail).toEqual({
      mode: 'custom',
      from_display_name: 'Acme Login',
      from_email: 'login@acme.example',
      host: '8.8.8.8',
      port: 587,
      username: 'mailer',
      password_set: true,
      ssl: false,
      starttls: true,
    });
    expect(text).not.toContain('smtp-PASSWORD-in-config-test');
    const { password: _p, ...kept } = mail;
    expect((await w.put({ mail: { ...kept, port: 2525 } }).expect(200)).body.mail.password_set).toBe(false);
    expect((await w.put({ mail: {} }).expect(200)).body.mail.mode).toBe('platform');
  });

  it('audits nothing when a custom mail block is sent back as stored, without its password or as read', async () => {
    const w = await world();
    const mail = customMail({ password: 'smtp-password-unchanged-test' });
    await w.put({ mail }).expect(200);
    const changes = async () =>
      (await t.http.get(`${w.base}/audit?action=sign_in.updated`).set(w.auth).expect(200)).body.events.length;
    expect(await changes()).toBe(1);
    const { password: _p, ...withoutPassword } = mail;
    await w.put({ mail: withoutPassword }).expect(200);
    const read = (await w.get().expect(200)).body;
    await w.put({ mail: read.mail }).expect(200);
    expect((await w.get().expect(200)).body).toEqual(read);
    expect(await changes()).toBe(1);
    // A real change is still one.
    await w.put({ mail: { ...withoutPassword, from_display_name: 'Acme' } }).expect(200);
    expect(await changes()).toBe(2);
  });

  describe('DELETE auth/platform', () => {
    it('answers 409 while the mode is platform and 400 for a name that is not the workspace’s', async () => {
      const w = await world();
      await w.put({ mode: 'platform' }).expect(200);
      expect((await w.deletePlatform({ confirm_name: 'Mian' }).expect(400)).body.code).toBe(
        'confirm_name_mismatch',
      );
      expect((await w.deletePlatform({ confirm_name: 'main' }).expect(409)).body.code).toBe(
        'platform_sign_in_in_use',
      );
    });

    it('answers 400 confirm_name_mismatch, before the 409, for a missing or non-string confirm_name', async () => {
      const w = await world();
      await w.put({ mode: 'platform' }).expect(200);
      for (const body of [{}, { confirm_name: null }, { confirm_name: 42 }, { confirm_name: ['Main'] }]) {
        expect((await w.deletePlatform(body).expect(400)).body.code).toBe('confirm_name_mismatch');
      }
      const noBody = await t.http.delete(`${w.base}/auth/platform`).set(w.auth).expect(400);
      expect(noBody.body.code).toBe('confirm_name_mismatch');
    });

    it('deletes the directory once the mode is not platform, keeping the mode; deleting again is 204', async () => {
      const w = await world();
      await w
        .put({ mode: 'platform', multi_tenant: { enabled: true }, branding: { primary_color: '#112233' } })
        .expect(200);
      await t.http
        .post(`${w.base}/auth-roles`)
        .set(w.auth)
        .send({ name: 'auditor', permissions: ['vault:read'] })
        .expect(201);
      await w.put({ mode: 'external' }).expect(200);
      await w.deletePlatform({ confirm_name: '  MAIN ' }).expect(204);
      const { body } = await w.get().expect(200);
      expect(body).toMatchObject({ mode: 'external', platform: null, multi_tenant: { enabled: false } });
      expect(body.branding.primary_color).toBeNull();
      const roles = await t.http.get(`${w.base}/auth-roles`).set(w.auth).expect(200);
      expect(roles.body.roles.map((r: { name: string }) => r.name)).toEqual(['viewer', 'user', 'admin']);
      await w.deletePlatform({ confirm_name: 'Main' }).expect(204);
    });

    it('is refused while the workspace is frozen, as PUT is', async () => {
      const w = await world();
      await t.http
        .patch(`/v1/operator/workspaces/${w.workspaceId}`)
        .set(operator)
        .send({ frozen: true })
        .expect(200);
      expect((await w.deletePlatform({ confirm_name: 'Main' }).expect(403)).body.code).toBe(
        'workspace_frozen',
      );
      expect((await w.put({ mode: 'platform' }).expect(403)).body.code).toBe('workspace_frozen');
      await w.get().expect(200);
    });
  });

  describe('app roles', () => {
    it('lists the built-ins and creates a custom role (201)', async () => {
      const w = await world();
      const created = await t.http
        .post(`${w.base}/auth-roles`)
        .set(w.auth)
        .send({ name: 'support-agent', permissions: ['files:read', 'vault:read'], description: 'Answers' })
        .expect(201);
      expect(created.body).toMatchObject({
        name: 'support-agent',
        builtin: false,
        permissions: ['vault:read', 'files:read'],
        description: 'Answers',
      });
      const catalog = await t.http.get(`${w.base}/auth/permissions`).set(w.auth).expect(200);
      expect(catalog.body.permissions).toContainEqual({ id: 'vault:read', description: expect.any(String) });
      const listed = await t.http.get(`${w.base}/auth-roles`).set(w.auth).expect(200);
      expect(listed.body.roles.map((r: { name: string; builtin: boolean }) => [r.name, r.builtin])).toEqual([
        ['viewer', true],
        ['user', true],
        ['admin', true],
        ['support-agent', false],
      ]);
    });

    it('answers 422 naming each unknown permission ID, 409 for built-in or taken names, 404 on an unknown role', async () => {
      const w = await world();
      const roles = `${w.base}/auth-roles`;
      const unknown = await t.http
        .post(roles)
        .set(w.auth)
        .send({ name: 'auditor', permissions: ['vault:read', 'vault:admin', 'root'] })
        .expect(422);
      expect(unknown.body).toMatchObject({
        code: 'unknown_permission',
        errors: [
          { field: 'permissions', message: "unknown permission ID 'vault:admin'" },
          { field: 'permissions', message: "unknown permission ID 'root'" },
        ],
      });
      expect(
        (await t.http.post(roles).set(w.auth).send({ name: 'Bad Name', permissions: [] }).expect(422)).body
          .code,
      ).toBe('invalid_app_role_name');
      expect(
        (await t.http.post(roles).set(w.auth).send({ name: 'admin', permissions: [] }).expect(409)).body.code,
      ).toBe('app_role_builtin');
      await t.http.post(roles).set(w.auth).send({ name: 'auditor', permissions: [] }).expect(201);
      expect(
        (await t.http.post(roles).set(w.auth).send({ name: 'auditor', permissions: [] }).expect(409)).body
          .code,
      ).toBe('app_role_exists');
      const patched = await t.http
        .patch(`${roles}/auditor`)
        .set(w.auth)
        .send({ permissions: ['flags:read'] })
        .expect(200);
      expect(patched.body.permissions).toEqual(['flags:read']);
      expect(
        (await t.http.patch(`${roles}/viewer`).set(w.auth).send({ description: 'Reads' }).expect(200)).body,
      ).toMatchObject({ builtin: true, description: 'Reads' });
      expect(
        (await t.http.patch(`${roles}/ghost`).set(w.auth).send({ permissions: [] }).expect(404)).body.code,
      ).toBe('app_role_not_found');
    });

    it('lets Access list and grant custom roles while platform sign-in is active', async () => {
      const w = await world();
      await t.http
        .post(`${w.base}/auth-roles`)
        .set(w.auth)
        .send({ name: 'auditor', permissions: [] })
        .expect(201);
      const names = async () =>
        (await t.http.get(`${w.base}/access`).set(w.auth).expect(200)).body.roles.map(
          (r: { name: string }) => r.name,
        );
      expect(await names()).toEqual(['viewer', 'user', 'admin']);
      await w.put({ mode: 'platform' }).expect(200);
      expect(await names()).toEqual(['viewer', 'user', 'admin', 'auditor']);
      await t.http
        .put(`${w.base}/access`)
        .set(w.auth)
        .send({ files_grants: [{ role: 'auditor', action: 'read' }] })
        .expect(200);
    });
  });

  describe('SSO connections', () => {
    const oidc = {
      protocol: 'oidc',
      name: 'Okta',
      issuer: 'https://acme.okta.example',
      client_id: 'client-123',
      client_secret: 'oidc-CLIENT-SECRET-config-test',
      authorization_endpoint: 'https://acme.okta.example/oauth2/v1/authorize',
    };

    it('creates (201) and lists a connection, never returning the client secret; test-login builds the IdP URL', async () => {
      const w = await world();
      const created = await t.http.post(`${w.base}/auth/sso`).set(w.auth).send(oidc).expect(201);
      expect(created.body).toMatchObject({
        protocol: 'oidc',
        client_id: 'client-123',
        client_secret_set: true,
        redirect_uri: `${PUBLIC_BASE_URL}/v1/public/workspaces/${w.workspaceId}/sso/${created.body.id}/callback`,
        entity_id: null,
      });
      const list = await t.http.get(`${w.base}/auth/sso`).set(w.auth).expect(200);
      expect(list.body.connections).toHaveLength(1);
      expect(created.text + list.text).not.toContain(oidc.client_secret);
      const login = await t.http
        .post(`${w.base}/auth/sso/${created.body.id}/test-login`)
        .set(w.auth)
        .expect(200);
      expect(login.body.url).toMatch(
        /^https:\/\/acme\.okta\.example\/oauth2\/v1\/authorize\?response_type=code&client_id=client-123&/,
      );
      const patched = await t.http
        .patch(`${w.base}/auth/sso/${created.body.id}`)
        .set(w.auth)
        .send({ enabled: false, client_secret: null })
        .expect(200);
      expect(patched.body).toMatchObject({ enabled: false, client_secret_set: false });
      await t.http.delete(`${w.base}/auth/sso/${created.body.id}`).set(w.auth).expect(204);
      await t.http.delete(`${w.base}/auth/sso/${created.body.id}`).set(w.auth).expect(404);
    });

    it('answers 409 for organization_id while multi-tenant is off, 404 for a tenant it does not have, 422 for bad fields', async () => {
      const w = await world();
      const sso = `${w.base}/auth/sso`;
      const tenant = '00000000-0000-4000-8000-00000000abcd';
      expect(
        (
          await t.http
            .post(sso)
            .set(w.auth)
            .send({ ...oidc, organization_id: tenant })
            .expect(409)
        ).body.code,
      ).toBe('multi_tenant_disabled');
      await w.put({ mode: 'platform', multi_tenant: { enabled: true } }).expect(200);
      expect(
        (
          await t.http
            .post(sso)
            .set(w.auth)
            .send({ ...oidc, organization_id: tenant })
            .expect(404)
        ).body.code,
      ).toBe('tenant_not_found');
      const bad = await t.http
        .post(sso)
        .set(w.auth)
        .send({ protocol: 'saml', name: 'ADFS', client_id: 'x' })
        .expect(422);
      expect(bad.body.code).toBe('invalid_sso_connection');
      expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual([
        'client_id',
        'entity_id',
        'sso_url',
        'certificate',
      ]);
    });
  });

  it('lets a writer read but not change, and answers 403 to M2M tokens', async () => {
    const w = await world();
    const writer = await addSignedInMember(
      t,
      w.owner.token,
      { type: 'workspace', id: w.workspaceId },
      'writer',
    );
    await t.http.get(`${w.base}/auth`).set(writer.auth).expect(200);
    expect(
      (await t.http.put(`${w.base}/auth`).set(writer.auth).send({ mode: 'platform' }).expect(403)).body.code,
    ).toBe('permission_denied');
    const client = await t.http.post(`${w.base}/m2m/clients`).set(w.auth).send({ name: 'robot' }).expect(201);
    const token = await t.http
      .post(`${w.base}/m2m/token`)
      .send({ client_id: client.body.client_id, client_secret: client.body.client_secret })
      .expect(200);
    await t.http
      .get(`${w.base}/auth`)
      .set({ Authorization: `Bearer ${token.body.access_token}` })
      .expect(403);
  });
});
