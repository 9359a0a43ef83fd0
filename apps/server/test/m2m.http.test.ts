import { bearer, operator, organizationWithOwner } from './support/api';
import { grantRole, userIdOf } from './support/seed';
import { CONCURRENT_DATABASES, startTestServer, type TestServer } from './support/test-server';
import { workspaceWithOwner } from './support/workspace';

let address = 0;
/** A fresh client address per exchange group, so the 20-per-address limit is tested only where meant. */
const freshAddress = () => ({ 'X-Forwarded-For': `203.0.113.${++address % 250}` });

describe.each(CONCURRENT_DATABASES)('M2M clients and tokens on %s', (kind) => {
  let t: TestServer;
  const clientSecrets: string[] = [];
  beforeAll(async () => {
    t = await startTestServer(kind, { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  type Workspace = Awaited<ReturnType<typeof workspaceWithOwner>>;

  async function createClient(w: Workspace, scopes: string[]) {
    const res = await t.http
      .post(`/v1/workspaces/${w.workspaceId}/m2m/clients`)
      .set(w.auth)
      .send({ name: 'ci', scopes })
      .expect(201);
    clientSecrets.push(res.body.client_secret);
    return { clientId: res.body.client_id as string, clientSecret: res.body.client_secret as string };
  }

  async function tokenFor(w: Workspace, scopes: string[]) {
    const client = await createClient(w, scopes);
    const res = await t.http
      .post(`/v1/workspaces/${w.workspaceId}/m2m/token`)
      .set(freshAddress())
      .send({ client_id: client.clientId, client_secret: client.clientSecret })
      .expect(200);
    return { ...client, token: res.body.access_token as string };
  }

  it('creates a client whose secret is shown once, lists without secrets, deletes', async () => {
    const w = await workspaceWithOwner(t);
    const created = await t.http
      .post(`/v1/workspaces/${w.workspaceId}/m2m/clients`)
      .set(w.auth)
      .send({ name: 'deployer', scopes: ['secrets:read'] })
      .expect(201);
    expect(created.body).toEqual({
      client_id: expect.any(String),
      client_secret: expect.any(String),
      name: 'deployer',
      scopes: ['secrets:read'],
      created_at: expect.any(String),
    });
    clientSecrets.push(created.body.client_secret);
    const list = await t.http.get(`/v1/workspaces/${w.workspaceId}/m2m/clients`).set(w.auth).expect(200);
    expect(list.body).toEqual({
      clients: [
        {
          client_id: created.body.client_id,
          name: 'deployer',
          scopes: ['secrets:read'],
          created_at: expect.any(String),
        },
      ],
    });
    expect(JSON.stringify(list.body)).not.toContain(created.body.client_secret);

    const unknown = await t.http
      .post(`/v1/workspaces/${w.workspaceId}/m2m/clients`)
      .set(w.auth)
      .send({ name: 'x', scopes: ['secrets:write'] })
      .expect(422);
    expect(unknown.body.code).toBe('invalid_scope');
    // Scopes are optional (spec: "machine clients, with optional scopes"); but they are a list.
    const bare = await t.http
      .post(`/v1/workspaces/${w.workspaceId}/m2m/clients`)
      .set(w.auth)
      .send({ name: 'bare' })
      .expect(201);
    expect(bare.body.scopes).toEqual([]);
    clientSecrets.push(bare.body.client_secret);
    await t.http
      .delete(`/v1/workspaces/${w.workspaceId}/m2m/clients/${bare.body.client_id}`)
      .set(w.auth)
      .expect(204);
    for (const body of [
      { name: 'x', scopes: 'secrets:read' },
      { name: 'x', scopes: null },
      { scopes: [] },
      { name: 'x', scopes: [], extra: 1 },
    ]) {
      await t.http.post(`/v1/workspaces/${w.workspaceId}/m2m/clients`).set(w.auth).send(body).expect(422);
    }

    const other = await organizationWithOwner(t);
    await grantRole(t, await userIdOf(t, other.email), { type: 'workspace', id: w.workspaceId }, 'member');
    await t.http.get(`/v1/workspaces/${w.workspaceId}/m2m/clients`).set(bearer(other.token)).expect(200);
    await t.http
      .post(`/v1/workspaces/${w.workspaceId}/m2m/clients`)
      .set(bearer(other.token))
      .send({ name: 'x', scopes: [] })
      .expect(403);
    await t.http
      .delete(`/v1/workspaces/${w.workspaceId}/m2m/clients/${created.body.client_id}`)
      .set(bearer(other.token))
      .expect(403);

    // A client is found only through its own workspace.
    const elsewhere = await workspaceWithOwner(t);
    const notHere = await t.http
      .delete(`/v1/workspaces/${elsewhere.workspaceId}/m2m/clients/${created.body.client_id}`)
      .set(elsewhere.auth)
      .expect(404);
    expect(notHere.body.code).toBe('m2m_client_not_found');
    await t.http.delete(`/v1/workspaces/${w.workspaceId}/m2m/clients/not-a-uuid`).set(w.auth).expect(404);
    await t.http
      .delete(`/v1/workspaces/${w.workspaceId}/m2m/clients/${created.body.client_id}`)
      .set(w.auth)
      .expect(204);
    await t.http
      .delete(`/v1/workspaces/${w.workspaceId}/m2m/clients/${created.body.client_id}`)
      .set(w.auth)
      .expect(404);
    expect(
      (await t.http.get(`/v1/workspaces/${w.workspaceId}/m2m/clients`).set(w.auth)).body.clients,
    ).toEqual([]);
  });

  it('exchanges JSON credentials, the client-credentials form and HTTP Basic for a one-hour token', async () => {
    const w = await workspaceWithOwner(t);
    const client = await createClient(w, ['secrets:read']);
    const url = `/v1/workspaces/${w.workspaceId}/m2m/token`;
    const json = await t.http
      .post(url)
      .set(freshAddress())
      .send({ client_id: client.clientId, client_secret: client.clientSecret })
      .expect(200);
    expect(json.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'secrets:read',
    });
    expect(json.headers['cache-control']).toBe('no-store');
    // Supplement §3: one hour, in the token itself too.
    const claims = JSON.parse(
      Buffer.from((json.body.access_token as string).split('.')[1] as string, 'base64url').toString(),
    );
    expect(claims.exp - claims.iat).toBe(3600);
    const form = await t.http
      .post(url)
      .set(freshAddress())
      .type('form')
      .send({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
      })
      .expect(200);
    expect(form.body.token_type).toBe('Bearer');
    const basic = await t.http
      .post(url)
      .set(freshAddress())
      .auth(client.clientId, client.clientSecret)
      .type('form')
      .send({ grant_type: 'client_credentials' })
      .expect(200);
    expect(basic.body.scope).toBe('secrets:read');

    const wrong = await t.http
      .post(url)
      .set(freshAddress())
      .send({ client_id: client.clientId, client_secret: 'wrong-secret' })
      .expect(401);
    expect(wrong.body.code).toBe('invalid_client');
    expect(JSON.stringify(wrong.body)).not.toContain(client.clientSecret);
    const unknown = await t.http
      .post(url)
      .set(freshAddress())
      .send({ client_id: '00000000-0000-4000-8000-000000000000', client_secret: client.clientSecret })
      .expect(401);
    expect(unknown.body.code).toBe('invalid_client');
    const other = await workspaceWithOwner(t);
    await t.http
      .post(`/v1/workspaces/${other.workspaceId}/m2m/token`)
      .set(freshAddress())
      .send({ client_id: client.clientId, client_secret: client.clientSecret })
      .expect(401);
    const grant = await t.http
      .post(url)
      .set(freshAddress())
      .type('form')
      .send({ grant_type: 'password', client_id: client.clientId, client_secret: client.clientSecret })
      .expect(400);
    expect(grant.body.code).toBe('unsupported_grant_type');
    await t.http
      .post(url)
      .set(freshAddress())
      .type('form')
      .send({ grant_type: 'client_credentials' })
      .expect(401);
    await t.http.post(url).set(freshAddress()).send({ client_id: client.clientId }).expect(422);

    // HTTP Basic works with an empty body or a JSON one, as long as the credentials come from one place.
    const basicOnly = await t.http.post(url).set(freshAddress()).auth(client.clientId, client.clientSecret);
    expect([basicOnly.status, basicOnly.body.token_type]).toEqual([200, 'Bearer']);
    expect(basicOnly.headers['www-authenticate']).toBeUndefined();
    await t.http
      .post(url)
      .set(freshAddress())
      .auth(client.clientId, client.clientSecret)
      .send({ grant_type: 'client_credentials' })
      .expect(200);
    // A client that tried Basic hears a Basic challenge (RFC 6749 §5.2); one that sent the body, Bearer's.
    const wrongBasic = await t.http
      .post(url)
      .set(freshAddress())
      .auth(client.clientId, 'wrong-secret')
      .expect(401);
    expect(wrongBasic.headers['www-authenticate']).toMatch(/^Basic realm=/);
    const wrongBody = await t.http
      .post(url)
      .set(freshAddress())
      .send({ client_id: client.clientId, client_secret: 'wrong-secret' })
      .expect(401);
    expect(wrongBody.headers['www-authenticate']).toBe('Bearer');
    // Basic credentials that cannot be read are wrong credentials, not a missing body.
    for (const header of ['Basic !!!!', 'Basic', 'Basic Zm9v']) {
      const unreadable = await t.http.post(url).set(freshAddress()).set('Authorization', header).expect(401);
      expect(unreadable.body.code).toBe('invalid_client');
    }
    await t.http
      .post(url)
      .set(freshAddress())
      .auth(client.clientId, client.clientSecret)
      .send({ client_id: client.clientId, client_secret: client.clientSecret })
      .expect(401);
    const jsonGrant = await t.http
      .post(url)
      .set(freshAddress())
      .send({ grant_type: 'password', client_id: client.clientId, client_secret: client.clientSecret })
      .expect(400);
    expect(jsonGrant.body.code).toBe('unsupported_grant_type');
    await t.http
      .post(url)
      .set(freshAddress())
      .send({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
      })
      .expect(200);
    const nulls = await t.http
      .post(url)
      .set(freshAddress())
      .send({ client_id: client.clientId, client_secret: null })
      .expect(422);
    expect(nulls.body.errors).toEqual([{ field: 'client_secret', message: 'required' }]);
    const none = await t.http.post(url).set(freshAddress()).send({}).expect(422);
    expect(none.body.errors.map((e: { field: string }) => e.field)).toEqual(['client_id', 'client_secret']);
  });

  it('counts successful exchanges of several clients toward the 20 a minute of their address', async () => {
    const w = await workspaceWithOwner(t);
    const clients = await Promise.all([createClient(w, []), createClient(w, [])]);
    const url = `/v1/workspaces/${w.workspaceId}/m2m/token`;
    const shared = { 'X-Forwarded-For': '198.51.100.42' };
    const exchange = (i: number) => {
      const c = clients[i % 2] as (typeof clients)[number];
      return t.http.post(url).set(shared).send({ client_id: c.clientId, client_secret: c.clientSecret });
    };
    // Ten a client: each well within its own 20, together the address's 20.
    for (let i = 0; i < 20; i++) await exchange(i).expect(200);
    const limited = await exchange(20).expect(429);
    expect(limited.body).toMatchObject({
      code: 'too_many_token_requests',
      detail: 'at most 20 token requests a minute per address',
    });
    // The same client from another address is still within its own limit.
    const c = clients[0] as (typeof clients)[number];
    await t.http
      .post(url)
      .set(freshAddress())
      .send({ client_id: c.clientId, client_secret: c.clientSecret })
      .expect(200);
  });

  it('limits exchanges to 20 a minute per client and 20 a minute per address', async () => {
    const w = await workspaceWithOwner(t);
    const client = await createClient(w, []);
    const url = `/v1/workspaces/${w.workspaceId}/m2m/token`;
    const body = { client_id: client.clientId, client_secret: client.clientSecret };
    for (let i = 0; i < 20; i++) await t.http.post(url).set(freshAddress()).send(body).expect(200);
    const limited = await t.http.post(url).set(freshAddress()).send(body).expect(429);
    expect(limited.body).toMatchObject({
      code: 'too_many_token_requests',
      detail: 'at most 20 token requests a minute per client',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const fixed = { 'X-Forwarded-For': '198.51.100.7' };
    const clients = await Promise.all(Array.from({ length: 3 }, () => createClient(w, [])));
    for (let i = 0; i < 20; i++) {
      const c = clients[i % 3] as (typeof clients)[number];
      await t.http.post(url).set(fixed).send({ client_id: c.clientId, client_secret: 'wrong' }).expect(401);
    }
    const c = clients[0] as (typeof clients)[number];
    await t.http
      .post(url)
      .set(fixed)
      .send({ client_id: c.clientId, client_secret: c.clientSecret })
      .expect(429);
    await t.http
      .post(url)
      .set(freshAddress())
      .send({ client_id: c.clientId, client_secret: c.clientSecret })
      .expect(200);
  });

  it('applies the M2M access table cell by cell', async () => {
    const w = await workspaceWithOwner(t);
    await t.http
      .put(`/v1/workspaces/${w.workspaceId}/secrets/K`)
      .set(w.auth)
      .send({ value: 'm2m-visible-1' })
      .expect(201);
    const withScope = bearer((await tokenFor(w, ['secrets:read'])).token);
    const without = bearer((await tokenFor(w, [])).token);
    const s = `/v1/workspaces/${w.workspaceId}/secrets`;
    const compare = `${s}/compare?source_environment_id=${w.devId}&target_environment_id=${w.prodId}`;
    const promoteBody = { source_environment_id: w.devId, target_environment_id: w.prodId };
    const routes = {
      list: (auth: Record<string, string>) => t.http.get(s).set(auth),
      compare: (auth: Record<string, string>) => t.http.get(compare).set(auth),
      reveal: (auth: Record<string, string>) => t.http.get(`${s}/K`).set(auth),
      upsert: (auth: Record<string, string>) => t.http.put(`${s}/K`).set(auth).send({ value: 'x' }),
      delete: (auth: Record<string, string>) => t.http.delete(`${s}/K`).set(auth),
      promote: (auth: Record<string, string>) => t.http.post(`${s}/promote`).set(auth).send(promoteBody),
    };
    const table: Record<keyof typeof routes, [number, number]> = {
      list: [200, 403],
      compare: [200, 403],
      reveal: [200, 403],
      upsert: [403, 403],
      delete: [403, 403],
      promote: [403, 403],
    };
    for (const [name, [withStatus, withoutStatus]] of Object.entries(table) as [
      keyof typeof routes,
      [number, number],
    ][]) {
      const a = await routes[name](withScope);
      expect([name, 'with secrets:read', a.status]).toEqual([name, 'with secrets:read', withStatus]);
      const b = await routes[name](without);
      expect([name, 'without', b.status]).toEqual([name, 'without', withoutStatus]);
      expect(b.body.code).toMatch(/^(missing_scope|m2m_read_only)$/);
    }
    expect((await routes.reveal(withScope)).body.value).toBe('m2m-visible-1');
    expect((await routes.upsert(withScope)).body.code).toBe('m2m_read_only');
    // Nothing an M2M token tried to write was written, and the owner is unaffected by the M2M rule.
    expect((await routes.reveal(w.auth)).body.value).toBe('m2m-visible-1');
    const events = await t.http
      .get(`/v1/workspaces/${w.workspaceId}/audit?action=secret.revealed`)
      .set(w.auth);
    const actors = events.body.events.map((e: { actor: { kind: string } }) => e.actor.kind);
    expect(actors).toEqual(['user', 'm2m', 'm2m']);

    const other = await workspaceWithOwner(t);
    const elsewhere = await t.http
      .get(`/v1/workspaces/${other.workspaceId}/secrets`)
      .set(withScope)
      .expect(403);
    expect(elsewhere.body.code).toBe('permission_denied');
    await t.http.get(`/v1/workspaces/${other.workspaceId}/secrets/K`).set(withScope).expect(403);
  });

  it('takes workspace and client ids in upper case, on the exchange and on M2M reads', async () => {
    const w = await workspaceWithOwner(t);
    const upper = w.workspaceId.toUpperCase();
    await t.http
      .put(`/v1/workspaces/${w.workspaceId}/secrets/K`)
      .set(w.auth)
      .send({ value: 'upper-1' })
      .expect(201);
    const client = await createClient(w, ['secrets:read']);
    const exchanged = await t.http
      .post(`/v1/workspaces/${upper}/m2m/token`)
      .set(freshAddress())
      .send({ client_id: client.clientId.toUpperCase(), client_secret: client.clientSecret })
      .expect(200);
    const m2m = bearer(exchanged.body.access_token);
    const revealed = await t.http.get(`/v1/workspaces/${upper}/secrets/K`).set(m2m).expect(200);
    expect(revealed.body.value).toBe('upper-1');
    await t.http.get(`/v1/workspaces/${upper}/secrets`).set(m2m).expect(200);
    await t.http.get(`/v1/workspaces/${upper}/flags/runtime`).set(m2m).expect(200);
    await t.http.get(`/v1/workspaces/${upper}/flags`).set(m2m).expect(200);
  });

  it('counts one client whatever the case of its id', async () => {
    const w = await workspaceWithOwner(t);
    const client = await createClient(w, []);
    const url = `/v1/workspaces/${w.workspaceId}/m2m/token`;
    for (let i = 0; i < 20; i++) {
      const clientId = i % 2 ? client.clientId.toUpperCase() : client.clientId;
      await t.http
        .post(url)
        .set(freshAddress())
        .send({ client_id: clientId, client_secret: client.clientSecret })
        .expect(200);
    }
    await t.http
      .post(url)
      .set(freshAddress())
      .send({ client_id: client.clientId.toUpperCase(), client_secret: client.clientSecret })
      .expect(429);
  });

  it('frozen workspaces and suspended organizations refuse new clients; tokens, reads and deletion keep working', async () => {
    const w = await workspaceWithOwner(t);
    await t.http
      .put(`/v1/workspaces/${w.workspaceId}/secrets/K`)
      .set(w.auth)
      .send({ value: 'still-readable' })
      .expect(201);
    const client = await createClient(w, ['secrets:read']);
    const exchange = () =>
      t.http
        .post(`/v1/workspaces/${w.workspaceId}/m2m/token`)
        .set(freshAddress())
        .send({ client_id: client.clientId, client_secret: client.clientSecret })
        .expect(200);
    const clients = `/v1/workspaces/${w.workspaceId}/m2m/clients`;
    const cases = [
      { path: `/v1/operator/workspaces/${w.workspaceId}`, on: { frozen: true }, off: { frozen: false } },
      {
        path: `/v1/operator/organizations/${w.owner.organizationId}`,
        on: { suspended: true },
        off: { suspended: false },
      },
    ];
    for (const [i, c] of cases.entries()) {
      await t.http.patch(c.path).set(operator).send(c.on).expect(200);
      const refused = await t.http.post(clients).set(w.auth).send({ name: 'new', scopes: [] }).expect(403);
      expect(refused.body.code).toBe(i === 0 ? 'workspace_frozen' : 'organization_suspended');
      const m2m = bearer((await exchange()).body.access_token);
      const revealed = await t.http.get(`/v1/workspaces/${w.workspaceId}/secrets/K`).set(m2m).expect(200);
      expect(revealed.body.value).toBe('still-readable');
      await t.http.get(`/v1/workspaces/${w.workspaceId}/flags/runtime`).set(m2m).expect(200);
      await t.http.get(clients).set(w.auth).expect(200);
      await t.http.patch(c.path).set(operator).send(c.off).expect(200);
    }
    await t.http
      .patch(`/v1/operator/workspaces/${w.workspaceId}`)
      .set(operator)
      .send({ frozen: true })
      .expect(200);
    await t.http.delete(`${clients}/${client.clientId}`).set(w.auth).expect(204);
  });

  it('M2M tokens get 403 on team-only routes', async () => {
    const w = await workspaceWithOwner(t);
    const token = bearer((await tokenFor(w, ['secrets:read'])).token);
    for (const res of [
      await t.http.get(`/v1/workspaces/${w.workspaceId}`).set(token),
      await t.http.get('/v1/me').set(token),
      await t.http.get(`/v1/workspaces/${w.workspaceId}/m2m/clients`).set(token),
      await t.http.get(`/v1/workspaces/${w.workspaceId}/audit`).set(token),
      await t.http.get(`/v1/organizations/${w.owner.organizationId}/audit`).set(token),
      await t.http.put(`/v1/workspaces/${w.workspaceId}/flags/f`).set(token).send({ value: 1 }),
      await t.http.get(`/v1/organizations/${w.owner.organizationId}/quota`).set(token),
      await t.http.get(`/v1/workspaces/${w.workspaceId}/environments`).set(token),
      await t.http.post(`/v1/workspaces/${w.workspaceId}/m2m/clients`).set(token).send({ name: 'x' }),
      await t.http.get(`/v1/organizations/${w.owner.organizationId}/support/tickets`).set(token),
      await t.http.get(`/v1/scopes/workspace/${w.workspaceId}/members`).set(token),
    ]) {
      expect([res.status, res.body.code]).toEqual([403, 'caller_kind_not_allowed']);
    }
  });

  it('deleting a client ends its tokens at once', async () => {
    const w = await workspaceWithOwner(t);
    const { clientId, token } = await tokenFor(w, ['secrets:read']);
    await t.http.get(`/v1/workspaces/${w.workspaceId}/secrets`).set(bearer(token)).expect(200);
    await t.http.delete(`/v1/workspaces/${w.workspaceId}/m2m/clients/${clientId}`).set(w.auth).expect(204);
    const res = await t.http.get(`/v1/workspaces/${w.workspaceId}/secrets`).set(bearer(token)).expect(401);
    expect(res.body.code).toBe('invalid_token');
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('never logs a client secret or an M2M token', () => {
    const logs = t.logs.join('\n');
    expect(clientSecrets.length).toBeGreaterThan(5);
    for (const secret of clientSecrets) expect(logs).not.toContain(secret);
    expect(logs).not.toContain('m2m-visible-1');
  });
});
