import { bearer, operator } from './support/api';
import { addSignedInMember, auditOf } from './support/members';
import { startTestServer, type TestServer } from './support/test-server';
import { workspaceWithOwner } from './support/workspace';

/*
 * Supplement §12 (the workloads registry and workload identity tokens), §17
 * (data collections) and the spec's Access section, rules 1 to 8.
 */
describe('workloads, data collections and Access over HTTP', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  type W = Awaited<ReturnType<typeof workspaceWithOwner>>;
  const runners = (w: W) => `/v1/workspaces/${w.workspaceId}/coderunners`;
  const collections = (w: W) => `/v1/workspaces/${w.workspaceId}/vault/collections`;
  const access = (w: W) => `/v1/workspaces/${w.workspaceId}/access`;
  const newWorkload = async (w: W, kind = 'service') =>
    (await t.http.post(runners(w)).set(w.auth).send({ name: 'Worker', kind }).expect(201)).body as {
      id: string;
    };
  const tokenOf = async (w: W, id: string) =>
    (
      await t.http
        .post(`${runners(w)}/${id}/identity-token`)
        .set(w.auth)
        .expect(200)
    ).body.access_token as string;

  it('registers, lists, reads and archives workloads; archiving twice changes nothing', async () => {
    const w = await workspaceWithOwner(t);
    const created = await t.http
      .post(runners(w))
      .set(w.auth)
      .send({ name: 'API', kind: 'service' })
      .expect(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'API',
      kind: 'service',
      status: 'active',
      manifest: {},
      created_at: expect.any(String),
    });
    const id = created.body.id as string;
    expect(
      (await t.http.post(runners(w)).set(w.auth).send({ name: 'X', kind: 'lambda' }).expect(422)).body.code,
    ).toBe('invalid_workload_kind');
    await t.http
      .delete(`${runners(w)}/${id}`)
      .set(w.auth)
      .expect(204);
    await t.http
      .delete(`${runners(w)}/${id}`)
      .set(w.auth)
      .expect(204);
    const list = await t.http.get(runners(w)).set(w.auth).expect(200);
    expect(list.body.coderunners).toEqual([expect.objectContaining({ id, status: 'archived' })]);
    const other = await workspaceWithOwner(t);
    expect(
      (
        await t.http
          .get(`${runners(other)}/${id}`)
          .set(other.auth)
          .expect(404)
      ).body.code,
    ).toBe('workload_not_found');
    expect((await auditOf(t, id)).map((e) => e.action)).toEqual(['workload.created', 'workload.archived']);
  });

  it('issues identity tokens only to administrators, for active workloads, and never audits the token', async () => {
    const w = await workspaceWithOwner(t);
    const { id } = await newWorkload(w);
    const token = await t.http
      .post(`${runners(w)}/${id}/identity-token`)
      .set(w.auth)
      .expect(200);
    expect(token.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600 });
    expect(JSON.stringify(await auditOf(t, id))).not.toContain(token.body.access_token);
    const writer = await addSignedInMember(
      t,
      w.owner.token,
      { type: 'workspace', id: w.workspaceId },
      'writer',
    );
    expect(
      (
        await t.http
          .post(`${runners(w)}/${id}/identity-token`)
          .set(writer.auth)
          .expect(403)
      ).body.code,
    ).toBe('permission_denied');
    await t.http
      .delete(`${runners(w)}/${id}`)
      .set(w.auth)
      .expect(204);
    expect(
      (
        await t.http
          .post(`${runners(w)}/${id}/identity-token`)
          .set(w.auth)
          .expect(409)
      ).body.code,
    ).toBe('workload_archived');
  });

  it('lets a workload token read flags and nothing else; archiving the workload ends the token', async () => {
    const w = await workspaceWithOwner(t);
    await t.http
      .put(`/v1/workspaces/${w.workspaceId}/flags/beta`)
      .set(w.auth)
      .send({ value: true })
      .expect(200);
    const { id } = await newWorkload(w);
    const token = bearer(await tokenOf(w, id));
    const runtime = await t.http.get(`/v1/workspaces/${w.workspaceId}/flags/runtime`).set(token).expect(200);
    expect(runtime.body).toEqual({ beta: true });
    await t.http.get(`/v1/workspaces/${w.workspaceId}/flags`).set(token).expect(200);
    for (const path of ['', '/secrets', '/apps', '/access', '/coderunners']) {
      const res = await t.http.get(`/v1/workspaces/${w.workspaceId}${path}`).set(token).expect(403);
      expect(res.body.code).toBe('caller_kind_not_allowed');
    }
    const other = await workspaceWithOwner(t);
    await t.http.get(`/v1/workspaces/${other.workspaceId}/flags`).set(token).expect(403);
    await t.http
      .put(`/v1/workspaces/${w.workspaceId}/flags/beta`)
      .set(token)
      .send({ value: false })
      .expect(403);
    await t.http
      .delete(`${runners(w)}/${id}`)
      .set(w.auth)
      .expect(204);
    expect((await t.http.get(`/v1/workspaces/${w.workspaceId}/flags`).set(token).expect(401)).body.code).toBe(
      'invalid_token',
    );
  });

  it('creates admin-only collections, refuses bad and taken names, and deletes them with their grants', async () => {
    const w = await workspaceWithOwner(t);
    const created = await t.http.post(collections(w)).set(w.auth).send({ name: 'orders' }).expect(201);
    expect(created.body).toEqual({ name: 'orders', created_at: expect.any(String) });
    for (const name of ['Orders', '1x', '', 'x'.repeat(64)]) {
      expect((await t.http.post(collections(w)).set(w.auth).send({ name }).expect(422)).body.code).toBe(
        'invalid_collection_name',
      );
    }
    expect(
      (await t.http.post(collections(w)).set(w.auth).send({ name: 'orders' }).expect(409)).body.code,
    ).toBe('collection_name_taken');
    const acl = await t.http
      .get(`${collections(w)}/orders/acl`)
      .set(w.auth)
      .expect(200);
    expect(acl.body).toEqual({
      grants: [
        { role: 'admin', action: 'read' },
        { role: 'admin', action: 'write' },
        { role: 'admin', action: 'delete' },
      ],
      workload_grants: [],
    });
    await t.http
      .delete(`${collections(w)}/orders`)
      .set(w.auth)
      .expect(204);
    expect(
      (
        await t.http
          .get(`${collections(w)}/orders/acl`)
          .set(w.auth)
          .expect(404)
      ).body.code,
    ).toBe('collection_not_found');
    expect((await t.http.get(collections(w)).set(w.auth).expect(200)).body.collections).toEqual([]);
  });

  it('replaces a collection ACL, keeps workload grants unless sent, and shows workloads only what they hold', async () => {
    const w = await workspaceWithOwner(t);
    await t.http.post(collections(w)).set(w.auth).send({ name: 'orders' }).expect(201);
    await t.http.post(collections(w)).set(w.auth).send({ name: 'private' }).expect(201);
    const { id } = await newWorkload(w);
    const token = bearer(await tokenOf(w, id));
    const put = await t.http
      .put(`${collections(w)}/orders/acl`)
      .set(w.auth)
      .send({
        grants: [{ role: 'user', action: 'read' }],
        workload_grants: [{ coderunner_id: id, action: 'read' }],
      })
      .expect(200);
    expect(put.body).toEqual({
      grants: [{ role: 'user', action: 'read' }],
      workload_grants: [{ coderunner_id: id, action: 'read' }],
    });
    const kept = await t.http
      .put(`${collections(w)}/orders/acl`)
      .set(w.auth)
      .send({ grants: [{ role: 'viewer', action: 'read' }] })
      .expect(200);
    expect(kept.body.workload_grants).toEqual([{ coderunner_id: id, action: 'read' }]);
    const seen = await t.http.get(collections(w)).set(token).expect(200);
    expect(seen.body.collections.map((c: { name: string }) => c.name)).toEqual(['orders']);
    await t.http
      .get(`${collections(w)}/orders/acl`)
      .set(token)
      .expect(200);
    expect(
      (
        await t.http
          .get(`${collections(w)}/private/acl`)
          .set(token)
          .expect(403)
      ).body.code,
    ).toBe('workload_not_granted');
    await t.http
      .put(`${collections(w)}/orders/acl`)
      .set(token)
      .send({ grants: [] })
      .expect(403);
    expect(
      (
        await t.http
          .put(`${collections(w)}/orders/acl`)
          .set(w.auth)
          .send({ grants: [{ role: 'ghost', action: 'read' }] })
          .expect(422)
      ).body.code,
    ).toBe('unknown_site_role');
    const empty = await t.http
      .put(`${collections(w)}/orders/acl`)
      .set(w.auth)
      .send({ grants: [] })
      .expect(200);
    // A collection left without a site-role grant falls back to admin-only.
    expect(empty.body.grants.map((g: { role: string }) => g.role)).toEqual(['admin', 'admin', 'admin']);
  });

  it('takes grant lists past the ordinary 100 kB body limit, up to 2 MB', async () => {
    const w = await workspaceWithOwner(t);
    await t.http.post(collections(w)).set(w.auth).send({ name: 'orders' }).expect(201);
    const grant = { role: 'user', collection: 'orders', action: 'read' };
    // 3,000 grants (about 170 kB), kept once each as rule 1 says.
    const large = { vault_grants: Array.from({ length: 3000 }, () => grant) };
    expect(JSON.stringify(large).length).toBeGreaterThan(150_000);
    const put = await t.http.put(access(w)).set(w.auth).send(large).expect(200);
    expect(put.body.vault_grants).toEqual([grant]);
    const acl = { grants: Array.from({ length: 3000 }, () => ({ role: 'viewer', action: 'read' })) };
    const aclPut = await t.http
      .put(`${collections(w)}/orders/acl`)
      .set(w.auth)
      .send(acl)
      .expect(200);
    expect(aclPut.body.grants).toEqual([{ role: 'viewer', action: 'read' }]);
    const huge = { vault_grants: Array.from({ length: 40_000 }, () => grant) };
    const refused = await t.http.put(access(w)).set(w.auth).send(huge).expect(413);
    expect(refused.body.code).toBe('body_too_large');
    // Elsewhere the ordinary limit stays.
    await t.http
      .post(collections(w))
      .set(w.auth)
      .send({ name: 'x'.repeat(150_000) })
      .expect(413);
  });

  it('reads the Access document with the built-in roles and replaces it by the PUT rules', async () => {
    const w = await workspaceWithOwner(t);
    await t.http.post(collections(w)).set(w.auth).send({ name: 'orders' }).expect(201);
    const app = (
      await t.http
        .post(`/v1/workspaces/${w.workspaceId}/apps`)
        .set(w.auth)
        .send({ name: 'Portal', slug: 'portal' })
        .expect(201)
    ).body.id as string;
    const doc = await t.http.get(access(w)).set(w.auth).expect(200);
    expect(doc.body).toMatchObject({
      workspace_id: w.workspaceId,
      roles: [
        { name: 'viewer', builtin: true },
        { name: 'user', builtin: true },
        { name: 'admin', builtin: true },
      ],
      apps: [{ id: app, name: 'Portal', visibility: 'workspace' }],
      files_grants: [],
    });
    // Rules 1, 4 (app_grants omitted leaves launch alone), 2 and 3 (omitted lists are []).
    const put = await t.http
      .put(access(w))
      .set(w.auth)
      .send({
        vault_grants: [{ role: 'user', collection: 'orders', action: 'write' }],
        files_grants: [{ role: 'viewer', action: 'read' }],
      })
      .expect(200);
    expect(put.body.vault_grants).toEqual([{ role: 'user', collection: 'orders', action: 'write' }]);
    expect(put.body.files_grants).toEqual([{ role: 'viewer', action: 'read' }]);
    expect(put.body.apps[0].visibility).toBe('workspace');
    // Rule 4: [] restricts every product app; rule 6: visibility follows the grants.
    const restricted = await t.http.put(access(w)).set(w.auth).send({ app_grants: [] }).expect(200);
    expect(restricted.body.apps[0].visibility).toBe('restricted');
    expect(restricted.body.vault_grants.map((g: { role: string }) => g.role)).toEqual([
      'admin',
      'admin',
      'admin',
    ]);
    expect(restricted.body.files_grants).toEqual([]);
    const open = await t.http
      .put(access(w))
      .set(w.auth)
      .send({
        app_grants: [
          { role: 'viewer', app_id: app, action: 'read' },
          { role: 'user', app_id: app, action: 'read' },
        ],
      })
      .expect(200);
    expect(open.body.apps[0].visibility).toBe('workspace');
    // Rule 1: saved exactly as sent; admin was left out, so it has no grant.
    expect(open.body.app_grants).toEqual([
      { role: 'viewer', app_id: app, action: 'read' },
      { role: 'user', app_id: app, action: 'read' },
    ]);
    // The app's own access setting is a view of the same grants.
    const appAccess = await t.http
      .get(`/v1/workspaces/${w.workspaceId}/apps/${app}/access`)
      .set(w.auth)
      .expect(200);
    expect(appAccess.body.grants.map((g: { role: string }) => g.role).sort()).toEqual(['user', 'viewer']);
    const refusals: [Record<string, unknown>, string][] = [
      [{ vault_grants: [{ role: 'user', collection: 'nothing', action: 'read' }] }, 'unknown_collection'],
      [
        { app_grants: [{ role: 'user', app_id: '00000000-0000-4000-8000-000000000000', action: 'read' }] },
        'unknown_app',
      ],
      [{ files_grants: [{ role: 'user', action: 'delete' }] }, 'invalid_grant_action'],
      [{ files_grants: [{ role: 'nobody', action: 'read' }] }, 'unknown_site_role'],
    ];
    for (const [body, code] of refusals) {
      expect((await t.http.put(access(w)).set(w.auth).send(body).expect(422)).body.code).toBe(code);
    }
    expect((await t.http.get(access(w)).set(w.auth)).body.apps[0].visibility).toBe('workspace');
    // A grant's unknown field is refused like any other unknown field, on every grant list.
    const unknown = await t.http
      .put(access(w))
      .set(w.auth)
      .send({ app_grants: [{ role: 'user', app_id: app, action: 'read', until: 'tomorrow' }] })
      .expect(422);
    expect(unknown.body.errors).toEqual([{ field: 'app_grants[0].until', message: 'unknown field' }]);
    const acl = await t.http
      .put(`${collections(w)}/orders/acl`)
      .set(w.auth)
      .send({ grants: [{ role: 'admin', action: 'read', x: 1 }] })
      .expect(422);
    expect(acl.body.errors).toEqual([{ field: 'grants[0].x', message: 'unknown field' }]);
    const appSetting = await t.http
      .put(`/v1/workspaces/${w.workspaceId}/apps/${app}/access`)
      .set(w.auth)
      .send({ visibility: 'restricted', grants: [{ role: 'user', action: 'read', app_id: app }] })
      .expect(422);
    expect(appSetting.body.errors).toEqual([{ field: 'grants[0].app_id', message: 'unknown field' }]);
    expect((await t.http.get(access(w)).set(w.auth)).body.apps[0].visibility).toBe('workspace');
  });

  it('keeps Access to team members: workloads get 403, members without ddl cannot change it', async () => {
    const w = await workspaceWithOwner(t);
    const { id } = await newWorkload(w);
    const token = bearer(await tokenOf(w, id));
    expect((await t.http.get(access(w)).set(token).expect(403)).body.code).toBe('caller_kind_not_allowed');
    const member = await addSignedInMember(
      t,
      w.owner.token,
      { type: 'workspace', id: w.workspaceId },
      'member',
    );
    await t.http.get(access(w)).set(member.auth).expect(200);
    expect((await t.http.put(access(w)).set(member.auth).send({}).expect(403)).body.code).toBe(
      'permission_denied',
    );
    await t.http
      .patch(`/v1/operator/workspaces/${w.workspaceId}`)
      .set(operator)
      .send({ frozen: true })
      .expect(200);
    expect((await t.http.put(access(w)).set(w.auth).send({}).expect(403)).body.code).toBe('workspace_frozen');
  });
});
