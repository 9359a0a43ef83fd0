import { bearer, operator } from './support/api';
import { addSignedInMember, auditOf } from './support/members';
import { startTestServer, type TestServer } from './support/test-server';
import { workspaceWithOwner } from './support/workspace';

/*
 * Spec: Apps (apps, app access, compare and promote), the App state table
 * and the Apps rows of Errors and Limits; supplement §5a, §9 (bootstrap),
 * §12 (the workloads an app runs on).
 */
describe('apps over HTTP', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  const apps = (workspaceId: string) => `/v1/workspaces/${workspaceId}/apps`;
  type W = Awaited<ReturnType<typeof workspaceWithOwner>>;
  const create = (w: W, body: Record<string, unknown>) =>
    t.http.post(apps(w.workspaceId)).set(w.auth).send(body);
  const workload = async (w: W, kind = 'service') =>
    (
      await t.http
        .post(`/v1/workspaces/${w.workspaceId}/coderunners`)
        .set(w.auth)
        .send({ name: `runner ${kind}`, kind })
        .expect(201)
    ).body.id as string;

  it('creates a shell app on the dev environment by default, and reads, lists and audits it', async () => {
    const w = await workspaceWithOwner(t);
    const res = await create(w, { name: 'Portal', slug: 'portal', manifest: { b: 1, a: [2] } }).expect(201);
    expect(res.body).toMatchObject({
      name: 'Portal',
      slug: 'portal',
      app_kind: 'shell_federated',
      environment_id: w.devId,
      primary_coderunner_id: null,
      manifest: { b: 1, a: [2] },
      git_repo_url: null,
      visibility: 'workspace',
      status: 'active',
      archived_at: null,
    });
    const id = res.body.id as string;
    expect(
      (
        await t.http
          .get(`${apps(w.workspaceId)}/${id}`)
          .set(w.auth)
          .expect(200)
      ).body,
    ).toEqual(res.body);
    const list = await t.http.get(apps(w.workspaceId)).set(w.auth).expect(200);
    expect(list.body.apps.map((a: { id: string }) => a.id)).toEqual([id]);
    expect((await auditOf(t, id)).map((e) => e.action)).toEqual(['app.created']);
  });

  it('refuses bad slugs, a taken slug (archived apps included), and the coderunner kind', async () => {
    const w = await workspaceWithOwner(t);
    for (const slug of ['Portal', ' portal', 'a_b', '', 'x'.repeat(64)]) {
      const res = await create(w, { name: 'P', slug }).expect(422);
      expect(res.body.code).toBe('invalid_app_slug');
    }
    const first = await create(w, { name: 'P', slug: 'shop' }).expect(201);
    expect((await create(w, { name: 'Q', slug: 'shop' }).expect(409)).body.code).toBe('app_slug_taken');
    await t.http
      .delete(`${apps(w.workspaceId)}/${first.body.id}`)
      .set(w.auth)
      .expect(204);
    expect((await create(w, { name: 'Q', slug: 'shop' }).expect(409)).body.code).toBe('app_slug_taken');
    for (const app_kind of ['coderunner', 'mobile']) {
      expect((await create(w, { name: 'C', slug: 'c', app_kind }).expect(422)).body.code).toBe(
        'app_kind_not_creatable',
      );
    }
    // Nothing was written by the refusals.
    const all = await t.http
      .get(`${apps(w.workspaceId)}?kind=all&include_archived=true`)
      .set(w.auth)
      .expect(200);
    expect(all.body.apps).toHaveLength(1);
  });

  it('checks the primary workload of a standalone app: required, in the workspace, active, a service', async () => {
    const w = await workspaceWithOwner(t);
    const other = await workspaceWithOwner(t);
    expect((await create(w, { name: 'S', slug: 's', app_kind: 'standalone' }).expect(422)).body.code).toBe(
      'primary_coderunner_required',
    );
    const foreign = await workload(other);
    expect(
      (
        await create(w, {
          name: 'S',
          slug: 's',
          app_kind: 'standalone',
          primary_coderunner_id: foreign,
        }).expect(404)
      ).body.code,
    ).toBe('workload_not_found');
    const job = await workload(w, 'job');
    expect(
      (
        await create(w, { name: 'S', slug: 's', app_kind: 'standalone', primary_coderunner_id: job }).expect(
          400,
        )
      ).body.code,
    ).toBe('workload_not_a_service');
    const archived = await workload(w);
    await t.http.delete(`/v1/workspaces/${w.workspaceId}/coderunners/${archived}`).set(w.auth).expect(204);
    expect(
      (
        await create(w, {
          name: 'S',
          slug: 's',
          app_kind: 'standalone',
          primary_coderunner_id: archived,
        }).expect(409)
      ).body.code,
    ).toBe('workload_archived');
    const service = await workload(w);
    const ok = await create(w, {
      name: 'S',
      slug: 's',
      app_kind: 'standalone',
      primary_coderunner_id: service,
    }).expect(201);
    expect(ok.body.primary_coderunner_id).toBe(service);
  });

  it('targets the only active environment when dev is gone, and refuses when there is no choice', async () => {
    const w = await workspaceWithOwner(t);
    await t.http
      .patch(`/v1/workspaces/${w.workspaceId}/environments/${w.devId}`)
      .set(w.auth)
      .send({ status: 'inactive' })
      .expect(200);
    const app = await create(w, { name: 'A', slug: 'a' }).expect(201);
    expect(app.body.environment_id).toBe(w.prodId);
    expect((await create(w, { name: 'B', slug: 'b', environment_id: w.devId }).expect(409)).body.code).toBe(
      'environment_inactive',
    );
    await t.http
      .patch(`/v1/workspaces/${w.workspaceId}/environments/${w.prodId}`)
      .set(w.auth)
      .send({ status: 'inactive' })
      .expect(200);
    expect((await create(w, { name: 'C', slug: 'c' }).expect(422)).body.code).toBe('environment_required');
  });

  it('filters the list by kind, hides archived apps unless asked, and refuses an unknown kind', async () => {
    const w = await workspaceWithOwner(t);
    const service = await workload(w);
    const shell = (await create(w, { name: 'Shell', slug: 'shell' }).expect(201)).body.id;
    const standalone = (
      await create(w, {
        name: 'Alone',
        slug: 'alone',
        app_kind: 'standalone',
        primary_coderunner_id: service,
      }).expect(201)
    ).body.id;
    const gone = (await create(w, { name: 'Gone', slug: 'gone' }).expect(201)).body.id;
    await t.http
      .delete(`${apps(w.workspaceId)}/${gone}`)
      .set(w.auth)
      .expect(204);
    const ids = async (query: string) =>
      (
        await t.http
          .get(`${apps(w.workspaceId)}${query}`)
          .set(w.auth)
          .expect(200)
      ).body.apps.map((a: { id: string }) => a.id);
    expect(await ids('')).toEqual([shell, standalone]);
    expect(await ids('?kind=shell_federated')).toEqual([shell]);
    expect(await ids('?kind=standalone')).toEqual([standalone]);
    expect(await ids('?kind=coderunner')).toEqual([]);
    expect(await ids('?kind=all&include_archived=true')).toEqual([shell, standalone, gone]);
    const bad = await t.http
      .get(`${apps(w.workspaceId)}?kind=mobile`)
      .set(w.auth)
      .expect(422);
    expect(bad.body.code).toBe('app_kind_filter_invalid');
  });

  it('patches name, manifest and repository; archives (204, twice), answers 410 while archived, restores once', async () => {
    const w = await workspaceWithOwner(t);
    const id = (await create(w, { name: 'A', slug: 'a', git_repo_url: 'https://git.example/a' }).expect(201))
      .body.id as string;
    const url = `${apps(w.workspaceId)}/${id}`;
    const patched = await t.http
      .patch(url)
      .set(w.auth)
      .send({ name: 'Renamed', manifest: { v: 2 }, git_repo_url: null })
      .expect(200);
    expect(patched.body).toMatchObject({
      name: 'Renamed',
      manifest: { v: 2 },
      git_repo_url: null,
      slug: 'a',
    });
    expect((await t.http.patch(url).set(w.auth).send({ slug: 'b' }).expect(422)).body.code).toBe(
      'validation_failed',
    );
    expect(
      (
        await t.http
          .patch(url)
          .set(w.auth)
          .send({ manifest: [1] })
          .expect(422)
      ).body.code,
    ).toBe('validation_failed');
    await t.http.delete(url).set(w.auth).expect(204);
    await t.http.delete(url).set(w.auth).expect(204);
    const archived = await t.http.get(url).set(w.auth).expect(200);
    expect(archived.body.status).toBe('archived');
    expect(archived.body.archived_at).not.toBeNull();
    expect((await t.http.patch(url).set(w.auth).send({ name: 'X' }).expect(410)).body.code).toBe(
      'app_archived',
    );
    const restored = await t.http.post(`${url}/restore`).set(w.auth).expect(200);
    expect(restored.body).toMatchObject({ status: 'active', archived_at: null, name: 'Renamed' });
    expect((await t.http.post(`${url}/restore`).set(w.auth).expect(409)).body.code).toBe('app_not_archived');
    expect((await auditOf(t, id)).map((e) => e.action)).toEqual([
      'app.created',
      'app.updated',
      'app.archived',
      'app.restored',
    ]);
  });

  it('answers 404 for an app of another workspace, and the permission rules for members', async () => {
    const w = await workspaceWithOwner(t);
    const other = await workspaceWithOwner(t);
    const id = (await create(other, { name: 'A', slug: 'a' }).expect(201)).body.id;
    expect(
      (
        await t.http
          .get(`${apps(w.workspaceId)}/${id}`)
          .set(w.auth)
          .expect(404)
      ).body.code,
    ).toBe('app_not_found');
    const member = await addSignedInMember(
      t,
      w.owner.token,
      { type: 'workspace', id: w.workspaceId },
      'member',
    );
    await t.http.get(apps(w.workspaceId)).set(member.auth).expect(200);
    expect((await create({ ...w, auth: member.auth }, { name: 'M', slug: 'm' }).expect(403)).body.code).toBe(
      'permission_denied',
    );
  });

  it('refuses changes in a frozen workspace but still lists', async () => {
    const w = await workspaceWithOwner(t);
    const id = (await create(w, { name: 'A', slug: 'a' }).expect(201)).body.id;
    await t.http
      .patch(`/v1/operator/workspaces/${w.workspaceId}`)
      .set(operator)
      .send({ frozen: true })
      .expect(200);
    expect((await create(w, { name: 'B', slug: 'b' }).expect(403)).body.code).toBe('workspace_frozen');
    expect(
      (
        await t.http
          .delete(`${apps(w.workspaceId)}/${id}`)
          .set(w.auth)
          .expect(403)
      ).body.code,
    ).toBe('workspace_frozen');
    await t.http.get(apps(w.workspaceId)).set(w.auth).expect(200);
  });

  it('serves the Shell configuration by slug and by id, and the public bootstrap without a token', async () => {
    const w = await workspaceWithOwner(t);
    const service = await workload(w);
    const shell = await create(w, { name: 'Portal', slug: 'portal', manifest: { m: 1 } }).expect(201);
    await create(w, {
      name: 'Alone',
      slug: 'alone',
      app_kind: 'standalone',
      primary_coderunner_id: service,
    }).expect(201);
    const bySlug = await t.http
      .get(`${apps(w.workspaceId)}/by-slug?slug=portal`)
      .set(w.auth)
      .expect(200);
    expect(bySlug.body).toEqual({
      app_id: shell.body.id,
      slug: 'portal',
      name: 'Portal',
      workspace_id: w.workspaceId,
      environment_id: w.devId,
      app_kind: 'shell_federated',
      manifest: { m: 1 },
      release: null,
    });
    const byId = await t.http
      .get(`${apps(w.workspaceId)}/${shell.body.id}/shell-config`)
      .set(w.auth)
      .expect(200);
    expect(byId.body).toEqual(bySlug.body);
    for (const slug of ['alone', 'nothing']) {
      await t.http
        .get(`${apps(w.workspaceId)}/by-slug?slug=${slug}`)
        .set(w.auth)
        .expect(404);
      await t.http.get(`/v1/public/workspaces/${w.workspaceId}/apps/${slug}`).expect(404);
    }
    const alone = (await t.http.get(`${apps(w.workspaceId)}?kind=standalone`).set(w.auth)).body.apps[0].id;
    expect(
      (
        await t.http
          .get(`${apps(w.workspaceId)}/${alone}/shell-config`)
          .set(w.auth)
          .expect(400)
      ).body.code,
    ).toBe('app_not_shell_federated');
    const pub = await t.http.get(`/v1/public/workspaces/${w.workspaceId}/apps/portal`).expect(200);
    expect(pub.body).toEqual({
      app_id: shell.body.id,
      slug: 'portal',
      name: 'Portal',
      workspace_id: w.workspaceId,
      release: null,
    });
    await t.http
      .delete(`${apps(w.workspaceId)}/${shell.body.id}`)
      .set(w.auth)
      .expect(204);
    await t.http.get(`/v1/public/workspaces/${w.workspaceId}/apps/portal`).expect(404);
  });

  it('reads and replaces app access: restricted lists its roles, unknown roles and actions are 422', async () => {
    const w = await workspaceWithOwner(t);
    const id = (await create(w, { name: 'A', slug: 'a' }).expect(201)).body.id;
    const url = `${apps(w.workspaceId)}/${id}/access`;
    expect((await t.http.get(url).set(w.auth).expect(200)).body).toEqual({
      visibility: 'workspace',
      grants: [],
    });
    const put = await t.http
      .put(url)
      .set(w.auth)
      .send({ visibility: 'restricted', grants: [{ role: 'admin', action: 'read' }] })
      .expect(200);
    expect(put.body).toEqual({ visibility: 'restricted', grants: [{ role: 'admin', action: 'read' }] });
    expect((await t.http.get(`${apps(w.workspaceId)}/${id}`).set(w.auth)).body.visibility).toBe('restricted');
    const refusals: [Record<string, unknown>, string][] = [
      [{ visibility: 'secret', grants: [] }, 'invalid_visibility'],
      [{ visibility: 'restricted', grants: [{ role: 'ghost', action: 'read' }] }, 'unknown_site_role'],
      [{ visibility: 'restricted', grants: [{ role: 'user', action: 'write' }] }, 'invalid_grant_action'],
    ];
    for (const [body, code] of refusals) {
      expect((await t.http.put(url).set(w.auth).send(body).expect(422)).body.code).toBe(code);
    }
    expect((await t.http.get(url).set(w.auth).expect(200)).body.grants).toEqual([
      { role: 'admin', action: 'read' },
    ]);
    // `grants` omitted is []: back to anyone who can read the workspace.
    const open = await t.http.put(url).set(w.auth).send({ visibility: 'workspace' }).expect(200);
    expect(open.body).toEqual({ visibility: 'workspace', grants: [] });
  });

  it('refuses promotion pairs that are not ids, or carry unknown fields (422 naming each), promoting nothing', async () => {
    const w = await workspaceWithOwner(t);
    const source = await create(w, { name: 'Shop', slug: 'shop' }).expect(201);
    const refused = await t.http
      .post(`${apps(w.workspaceId)}/promote`)
      .set(w.auth)
      .send({
        source_environment_id: w.devId,
        target_environment_id: w.prodId,
        pairs: [
          { source_app_id: source.body.id, extra: 1 },
          { source_app_id: { a: 1 } },
          { source_app_id: source.body.id, target_app_id: 7 },
          {},
        ],
      })
      .expect(422);
    expect(refused.body.code).toBe('validation_failed');
    expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'pairs[0].extra',
      'pairs[1].source_app_id',
      'pairs[2].target_app_id',
      'pairs[3].source_app_id',
    ]);
    const listed = await t.http
      .get(`${apps(w.workspaceId)}?kind=all`)
      .set(w.auth)
      .expect(200);
    expect(listed.body.apps).toHaveLength(1);
  });

  it('compares and promotes apps across environments, with a dry run that changes nothing', async () => {
    const w = await workspaceWithOwner(t);
    const source = await create(w, { name: 'Shop', slug: 'shop', manifest: { theme: 'blue' } }).expect(201);
    const cmpUrl = `${apps(w.workspaceId)}/compare?source_environment_id=${w.devId}&target_environment_id=${w.prodId}`;
    const before = await t.http.get(cmpUrl).set(w.auth).expect(200);
    expect(before.body.apps).toEqual([
      expect.objectContaining({ status: 'only_source', source_app_id: source.body.id, target_app_id: null }),
    ]);
    const promote = (dry_run: boolean) =>
      t.http
        .post(`${apps(w.workspaceId)}/promote`)
        .set(w.auth)
        .send({
          source_environment_id: w.devId,
          target_environment_id: w.prodId,
          pairs: [{ source_app_id: source.body.id }],
          dry_run,
        });
    const dry = await promote(true).expect(200);
    expect(dry.body).toMatchObject({
      dry_run: true,
      promoted: [{ source_app_id: source.body.id, target_app_id: null, created: true }],
      failed: [],
    });
    expect((await t.http.get(cmpUrl).set(w.auth)).body.apps[0].status).toBe('only_source');
    const real = await promote(false).expect(200);
    const targetId = real.body.promoted[0].target_app_id as string;
    const target = await t.http
      .get(`${apps(w.workspaceId)}/${targetId}`)
      .set(w.auth)
      .expect(200);
    expect(target.body).toMatchObject({
      slug: 'shop-prod',
      environment_id: w.prodId,
      manifest: { theme: 'blue' },
    });
    expect((await t.http.get(cmpUrl).set(w.auth)).body.apps).toEqual([
      expect.objectContaining({
        status: 'both_same',
        source_app_id: source.body.id,
        target_app_id: targetId,
      }),
    ]);
    await t.http
      .patch(`${apps(w.workspaceId)}/${source.body.id}`)
      .set(w.auth)
      .send({ manifest: { theme: 'red' } })
      .expect(200);
    expect((await t.http.get(cmpUrl).set(w.auth)).body.apps[0].status).toBe('both_differ');
    const same = `${apps(w.workspaceId)}/compare?source_environment_id=${w.devId}&target_environment_id=${w.devId}`;
    expect((await t.http.get(same).set(w.auth).expect(400)).body.code).toBe('identical_environments');
    const duplicate = await t.http
      .post(`${apps(w.workspaceId)}/promote`)
      .set(w.auth)
      .send({
        source_environment_id: w.devId,
        target_environment_id: w.prodId,
        pairs: [{ source_app_id: source.body.id }, { source_app_id: source.body.id }],
      })
      .expect(422);
    expect(duplicate.body.code).toBe('duplicate_pair');
    const unknown = await t.http
      .post(`${apps(w.workspaceId)}/promote`)
      .set(w.auth)
      .send({
        source_environment_id: w.devId,
        target_environment_id: w.prodId,
        pairs: [{ source_app_id: '00000000-0000-4000-8000-000000000000' }],
      })
      .expect(200);
    expect(unknown.body.failed).toEqual([
      { source_app_id: '00000000-0000-4000-8000-000000000000', error: 'app_not_found' },
    ]);
  });
});

/*
 * Slugs stay unique when two creates race: the unique index decides, and
 * the loser gets the same 409 as a plain duplicate (PostgreSQL, real concurrency).
 */
const postgres = process.env.TEST_DATABASE_URL;
(postgres ? describe : describe.skip)('concurrent app creates on PostgreSQL', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('postgres');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets exactly one of ten concurrent creates with one slug succeed', async () => {
    const w = await workspaceWithOwner(t);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.http
          .post(`/v1/workspaces/${w.workspaceId}/apps`)
          .set(bearer(w.owner.token))
          .send({ name: `R${i}`, slug: 'race' }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe('app_slug_taken');
    const list = await t.http
      .get(`/v1/workspaces/${w.workspaceId}/apps`)
      .set(bearer(w.owner.token))
      .expect(200);
    expect(list.body.apps).toHaveLength(1);
  });
});
