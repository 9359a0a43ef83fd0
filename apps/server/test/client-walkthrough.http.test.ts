import { createControlClient } from '@groundfloor/client';
import { uniqueEmail } from './support/api';
import { DATABASES, OPERATOR_TOKEN, startTestServer, type TestServer } from './support/test-server';

/**
 * The first day of a new team, driven through the typed client
 * (packages/client) against the real server: every call below is checked
 * by the compiler against docs/openapi.json, and answered by the server.
 */
describe.each(DATABASES)('the typed client against the real server on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('operator → organization, owner signs in, workspace, secret, M2M client, the client reads the secret', async () => {
    const baseUrl = t.running.url;
    const operator = createControlClient({ baseUrl, token: OPERATOR_TOKEN });
    const email = uniqueEmail('owner');
    const password = 'first-day-password';

    const created = await operator.POST('/v1/operator/organizations', {
      body: { name: 'Acme', owner_email: email, owner_password: password },
    });
    expect(created.response.status).toBe(201);
    const organizationId = created.data?.organization.id ?? '';
    expect(created.data?.owner_membership).toMatchObject({ role: 'owner', status: 'accepted' });

    const anonymous = createControlClient({ baseUrl });
    const signIn = await anonymous.POST('/v1/auth/token', { body: { email, password } });
    expect(signIn.data?.token_type).toBe('Bearer');
    const owner = createControlClient({ baseUrl, token: signIn.data?.access_token });

    const workspace = await owner.POST('/v1/organizations/{organization_id}/workspaces', {
      params: { path: { organization_id: organizationId } },
      body: { name: 'Web' },
    });
    expect(workspace.response.status).toBe(201);
    const workspaceId = workspace.data?.id ?? '';
    const environments = await owner.GET('/v1/workspaces/{workspace_id}/environments', {
      params: { path: { workspace_id: workspaceId } },
    });
    const dev = environments.data?.environments.find((e) => e.name === 'dev');
    expect(dev).toBeDefined();

    const secret = await owner.PUT('/v1/workspaces/{workspace_id}/secrets/{key}', {
      params: {
        path: { workspace_id: workspaceId, key: 'DATABASE_PASSWORD' },
        query: { environment_id: dev?.id },
      },
      body: { value: 'correct horse battery staple', description: 'the app database' },
    });
    expect(secret.response.status).toBe(201);
    expect(secret.data).not.toHaveProperty('value');

    const client = await owner.POST('/v1/workspaces/{workspace_id}/m2m/clients', {
      params: { path: { workspace_id: workspaceId } },
      body: { name: 'deploy pipeline', scopes: ['secrets:read'] },
    });
    expect(client.response.status).toBe(201);

    const token = await anonymous.POST('/v1/workspaces/{workspace_id}/m2m/token', {
      params: { path: { workspace_id: workspaceId } },
      body: {
        grant_type: 'client_credentials',
        client_id: client.data?.client_id,
        client_secret: client.data?.client_secret,
      },
    });
    expect(token.data).toMatchObject({ token_type: 'Bearer', scope: 'secrets:read' });
    const machine = createControlClient({ baseUrl, token: token.data?.access_token });

    const read = await machine.GET('/v1/workspaces/{workspace_id}/secrets/{key}', {
      params: {
        path: { workspace_id: workspaceId, key: 'DATABASE_PASSWORD' },
        query: { environment_id: dev?.id },
      },
    });
    expect(read.data).toEqual({
      key: 'DATABASE_PASSWORD',
      value: 'correct horse battery staple',
      description: 'the app database',
      environment_id: dev?.id,
    });

    // Errors are typed too: an M2M token may not write.
    const refused = await machine.DELETE('/v1/workspaces/{workspace_id}/secrets/{key}', {
      params: {
        path: { workspace_id: workspaceId, key: 'DATABASE_PASSWORD' },
        query: { environment_id: dev?.id },
      },
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.code).toBe('m2m_read_only');
  });
});
