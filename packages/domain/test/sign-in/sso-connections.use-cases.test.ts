import { inflateRawSync } from 'node:zlib';
import { ssoClientSecretContext } from '../../src';
import { utf8Decode } from '../../src/shared/utf8';
import { deletePlatform, putAuth } from '../support/sign-in-world';
import {
  aMember,
  audited,
  aWorkspaceWorld,
  ctx,
  freeze,
  type WorkspaceWorld,
} from '../support/workspace-world';

const CERT = `-----BEGIN CERTIFICATE-----\n${'MIIBszCCAVmgAwIBAgIU'.repeat(3)}\nAAAA\n-----END CERTIFICATE-----`;

const oidc = (overrides: Record<string, unknown> = {}) => ({
  protocol: 'oidc',
  name: 'Okta',
  issuer: 'https://acme.okta.example',
  clientId: 'client-123',
  clientSecret: 'oidc-client-secret-1',
  authorizationEndpoint: 'https://acme.okta.example/oauth2/v1/authorize',
  ...overrides,
});
const saml = (overrides: Record<string, unknown> = {}) => ({
  protocol: 'saml',
  name: 'ADFS',
  entityId: 'https://adfs.acme.example/adfs/services/trust',
  ssoUrl: 'https://adfs.acme.example/adfs/ls/',
  certificate: CERT,
  ...overrides,
});

const create = (world: WorkspaceWorld, body: Record<string, unknown>, userId = world.ownerId) =>
  world.uc.ssoConnections.create.execute({
    userId,
    workspaceId: world.workspaceId,
    ...body,
    context: ctx(userId),
  });
const update = (world: WorkspaceWorld, connectionId: string, body: Record<string, unknown>) =>
  world.uc.ssoConnections.update.execute({
    userId: world.ownerId,
    workspaceId: world.workspaceId,
    connectionId,
    ...body,
    context: ctx(world.ownerId),
  });
const testLogin = (world: WorkspaceWorld, connectionId: string) =>
  world.uc.ssoConnections.testLogin.execute({
    userId: world.ownerId,
    workspaceId: world.workspaceId,
    connectionId,
    context: ctx(world.ownerId),
  });

describe('SSO connections', () => {
  it('creates an OIDC connection, its client secret sealed for that connection only and never audited', async () => {
    const world = await aWorkspaceWorld();
    const c = await create(world, oidc());
    expect(c).toMatchObject({
      protocol: 'oidc',
      name: 'Okta',
      enabled: true,
      organizationId: null,
      settings: {
        issuer: 'https://acme.okta.example',
        clientId: 'client-123',
        scopes: ['openid', 'email', 'profile'],
      },
    });
    const opened = await world.deps.kms.open(
      c.clientSecret!,
      ssoClientSecretContext(world.workspaceId, c.id),
    );
    expect(utf8Decode(opened)).toBe('oidc-client-secret-1');
    expect(JSON.stringify(world.deps.uow.tables.audit)).not.toContain('oidc-client-secret-1');
    expect(JSON.stringify(world.deps.uow.tables.ssoConnections)).not.toContain('oidc-client-secret-1');
    expect(audited(world, 'sso_connection.created')[0]?.details).toMatchObject({ client_secret: 'set' });
  });

  it('creates a SAML connection', async () => {
    const world = await aWorkspaceWorld();
    expect((await create(world, saml())).settings).toMatchObject({
      entityId: expect.any(String),
      ssoUrl: expect.any(String),
    });
  });

  it('names every invalid or missing field (422), and refuses the other protocol’s fields', async () => {
    const world = await aWorkspaceWorld();
    await expect(create(world, { protocol: 'oidc' })).rejects.toMatchObject({
      code: 'invalid_sso_connection',
      fieldErrors: [
        { field: 'name', message: 'required' },
        { field: 'issuer', message: 'required for oidc connections' },
        { field: 'client_id', message: 'required for oidc connections' },
        { field: 'authorization_endpoint', message: 'required for oidc connections' },
      ],
    });
    await expect(create(world, oidc({ issuer: 'http://idp.example', entityId: 'x' }))).rejects.toMatchObject({
      fieldErrors: [
        { field: 'entity_id', message: 'not a field of oidc connections' },
        { field: 'issuer', message: 'must be an https:// URL' },
      ],
    });
    await expect(create(world, saml({ certificate: 'not a certificate' }))).rejects.toMatchObject({
      fieldErrors: [{ field: 'certificate' }],
    });
    await expect(create(world, oidc({ scopes: ['email'] }))).rejects.toMatchObject({
      fieldErrors: [{ field: 'scopes', message: 'must include openid' }],
    });
    await expect(create(world, { ...oidc(), protocol: 'ldap' })).rejects.toMatchObject({
      fieldErrors: [{ field: 'protocol' }],
    });
    for (const name of ['Okta\nEU', 'Okta\u2028EU', 'Okta\u2029EU', 'Okta\u009b31m'])
      await expect(create(world, oidc({ name }))).rejects.toMatchObject({ fieldErrors: [{ field: 'name' }] });
  });

  it('organization_id: 409 while multi-tenant is off, 404 for a tenant the workspace does not have', async () => {
    const world = await aWorkspaceWorld();
    const tenantId = world.deps.ids.next();
    await expect(create(world, oidc({ organizationId: tenantId }))).rejects.toMatchObject({
      kind: 'conflict',
      code: 'multi_tenant_disabled',
    });
    await putAuth(world, { mode: 'platform', multiTenant: { enabled: true } });
    await expect(create(world, oidc({ organizationId: tenantId }))).rejects.toMatchObject({
      kind: 'not_found',
      code: 'tenant_not_found',
    });
    const now = world.deps.clock.now();
    await world.deps.uow.transaction((tx) =>
      tx.tenants.save({
        id: tenantId,
        workspaceId: world.workspaceId,
        name: 'T',
        alias: null,
        domains: [],
        enabled: true,
        createdAt: now,
        updatedAt: now,
      }),
    );
    expect((await create(world, oidc({ organizationId: tenantId }))).organizationId).toBe(tenantId);
  });

  it('updates the fields sent; replaces or removes the secret; refuses a protocol change', async () => {
    const world = await aWorkspaceWorld();
    const c = await create(world, oidc());
    const renamed = await update(world, c.id, { name: 'Okta EU', enabled: false });
    expect(renamed).toMatchObject({ name: 'Okta EU', enabled: false, clientSecret: c.clientSecret });
    expect(renamed.settings).toEqual(c.settings);
    const replaced = await update(world, c.id, { clientSecret: 'oidc-client-secret-2' });
    expect(
      utf8Decode(
        await world.deps.kms.open(replaced.clientSecret!, ssoClientSecretContext(world.workspaceId, c.id)),
      ),
    ).toBe('oidc-client-secret-2');
    const removed = await update(world, c.id, { clientSecret: null });
    expect(removed.clientSecret).toBeNull();
    world.deps.clock.advance(5);
    // Fields sent as they are, and removing a secret that is not there, change nothing and audit nothing.
    const events = audited(world, 'sso_connection.updated').length;
    const same = await update(world, c.id, {
      protocol: 'oidc',
      name: 'Okta EU',
      enabled: false,
      issuer: c.settings.issuer,
      clientSecret: null,
    });
    expect(same).toEqual(removed);
    await update(world, c.id, {});
    expect(audited(world, 'sso_connection.updated')).toHaveLength(events);
    const renamedAgain = await update(world, c.id, { name: 'Okta US', issuer: c.settings.issuer });
    expect(audited(world, 'sso_connection.updated').at(-1)?.details).toMatchObject({
      changed: ['name'],
      client_secret: 'unchanged',
    });
    expect(renamedAgain.updatedAt.getTime()).toBeGreaterThan(same.updatedAt.getTime());
    await expect(update(world, c.id, { protocol: 'saml' })).rejects.toMatchObject({
      fieldErrors: [{ field: 'protocol' }],
    });
    await expect(update(world, world.deps.ids.next(), { name: 'x' })).rejects.toMatchObject({
      code: 'sso_connection_not_found',
    });
  });

  it('lists oldest first; deletes (allowed while frozen); changes need administer and are refused while frozen', async () => {
    const world = await aWorkspaceWorld();
    const a = await create(world, oidc());
    world.deps.clock.advance(1);
    const b = await create(world, saml());
    const member = await aMember(world, 'member');
    expect(
      (await world.uc.ssoConnections.list.execute({ userId: member, workspaceId: world.workspaceId })).map(
        (c) => c.id,
      ),
    ).toEqual([a.id, b.id]);
    await expect(create(world, oidc(), member)).rejects.toMatchObject({ code: 'permission_denied' });
    await freeze(world);
    await expect(create(world, oidc())).rejects.toMatchObject({ code: 'workspace_frozen' });
    await world.uc.ssoConnections.delete.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      connectionId: a.id,
      context: ctx(world.ownerId),
    });
    expect(world.deps.uow.tables.ssoConnections.size).toBe(1);
  });

  it('are deleted with platform sign-in', async () => {
    const world = await aWorkspaceWorld();
    await create(world, oidc());
    await deletePlatform(world, 'Main');
    expect(world.deps.uow.tables.ssoConnections.size).toBe(0);
  });
});

describe('test-login', () => {
  it('builds the OIDC authorization URL with the redirect URI to register, without calling the IdP', async () => {
    const world = await aWorkspaceWorld();
    const c = await create(
      world,
      oidc({ authorizationEndpoint: 'https://acme.okta.example/authorize?tenant=x' }),
    );
    const login = await testLogin(world, c.id);
    const redirect = `http://control.test/v1/public/workspaces/${world.workspaceId}/sso/${c.id}/callback`;
    expect(login).toMatchObject({ connectionId: c.id, protocol: 'oidc', returnUrl: redirect });
    const url = new URL(login.url);
    expect(url.origin + url.pathname).toBe('https://acme.okta.example/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      tenant: 'x',
      response_type: 'code',
      client_id: 'client-123',
      redirect_uri: redirect,
      scope: 'openid email profile',
      prompt: 'login',
    });
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(login.url).not.toContain('oidc-client-secret-1');
    expect(world.deps.dns.lookups).toEqual([]);
    expect(audited(world, 'sso_connection.test_login')).toHaveLength(1);
  });

  it('builds a SAML HTTP-Redirect request that inflates to an AuthnRequest', async () => {
    const world = await aWorkspaceWorld();
    const c = await create(world, saml());
    const login = await testLogin(world, c.id);
    const url = new URL(login.url);
    expect(url.origin + url.pathname).toBe('https://adfs.acme.example/adfs/ls/');
    const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString(
      'utf8',
    );
    expect(xml).toContain('<samlp:AuthnRequest');
    expect(xml).toContain(`AssertionConsumerServiceURL="${login.returnUrl}"`);
    expect(xml).toContain('Destination="https://adfs.acme.example/adfs/ls/"');
  });
});
