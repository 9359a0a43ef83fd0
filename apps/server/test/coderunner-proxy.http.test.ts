import { CoderunnerUpstream } from '@groundfloor/testkit';
import { operator } from './support/api';
import { userIdOf } from './support/seed';
import { type AppSeeder, appSeeder } from './support/seed-apps';
import { DATABASES, startTestServer, type TestServer } from './support/test-server';
import { codeZip, verifiedUpstreamClaims } from './support/upstreams';
import { workspaceWithOwner } from './support/workspace';

/*
 * Spec: Code-execution proxy; supplement §13. Every step against a real
 * code-execution service on loopback: the exact upstream request (path,
 * identity headers, a JWT that verifies against the JWKS, body), the
 * envelope answered, and the ids recorded under `manifest.coderunner`.
 */

describe.each(DATABASES)('code-execution proxy steps on %s', (kind) => {
  let upstream: CoderunnerUpstream;
  let t: TestServer;
  let home: Awaited<ReturnType<typeof workspaceWithOwner>>;
  let ownerId: string;
  let apps: AppSeeder;

  beforeAll(async () => {
    upstream = await CoderunnerUpstream.started();
    t = await startTestServer(kind, { CODERUNNER_URL: upstream.url, CODERUNNER_TIMEOUT_MS: '2000' });
    home = await workspaceWithOwner(t);
    ownerId = await userIdOf(t, home.owner.email);
    apps = await appSeeder(t, ownerId, home.workspaceId);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await upstream?.close();
  });

  const base = (slug: string) => `/v1/workspaces/${home.workspaceId}/apps/${slug}/coderunner`;
  const manifestOf = async (appId: string) =>
    (await t.http.get(`/v1/workspaces/${home.workspaceId}/apps/${appId}`).set(home.auth).expect(200)).body
      .manifest.coderunner;
  const definition = { name: 'Resize', description: 'thumbnails', deploymentType: 1, languageType: 1 };
  /** A definition for the app, then one uploaded version: the upload's answer. */
  const defineAndUpload = async (slug: string) => {
    await t.http
      .post(`${base(slug)}/definition`)
      .set(home.auth)
      .send(definition)
      .expect(200);
    return t.http
      .post(`${base(slug)}/upload`)
      .set(home.auth)
      .attach('file', codeZip(), 'code.zip')
      .expect(200);
  };

  it('creates a definition upstream with the caller’s identity and records its id', async () => {
    const app = await apps.standaloneApp();
    const res = await t.http
      .post(`${base(app.slug)}/definition`)
      .set(home.auth)
      .send(definition)
      .expect(200);

    const [sent] = upstream.requestsTo('POST /api/definitions').slice(-1);
    if (!sent) throw new Error('no upstream request');
    expect(sent.json).toEqual(definition);
    expect(sent.headers['x-client-key']).toBe(home.workspaceId);
    expect(sent.headers['x-userid']).toBe(ownerId);
    const claims = await verifiedUpstreamClaims(t, sent);
    expect(claims).toMatchObject({
      external_tenant_id: home.workspaceId,
      external_user_id: ownerId,
      aud: 'coderunner',
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBeLessThanOrEqual(300);

    const definitionId = res.body.data.id as string;
    expect(res.body).toEqual({ success: true, message: 'Definition created', data: { id: definitionId } });
    expect(upstream.definitions.has(definitionId)).toBe(true);
    expect(await manifestOf(app.id)).toEqual({
      definition_id: definitionId,
      version_id: null,
      deployment_id: null,
      last_job_name: null,
      last_job_status: null,
    });
  });

  it('walks every step: upload, versions, version, deploy, run, delete', async () => {
    const app = await apps.standaloneApp();
    const created = await t.http
      .post(`${base(app.slug)}/definition`)
      .set(home.auth)
      .send(definition)
      .expect(200);
    const definitionId = created.body.data.id as string;

    // Upload: multipart `Description` and `file`, forwarded byte for byte.
    const zip = codeZip();
    const uploaded = await t.http
      .post(`${base(app.slug)}/upload`)
      .set(home.auth)
      .field('Description', 'first cut')
      .attach('file', zip, { filename: 'bundle.zip', contentType: 'application/zip' })
      .expect(200);
    const versionId = uploaded.body.data.versionId as string;
    const [upload] = upstream.uploads.slice(-1);
    expect(upload).toMatchObject({ definitionId, description: 'first cut', fileName: 'bundle.zip' });
    expect(upload?.file.equals(zip)).toBe(true);
    expect(upstream.requestsTo(`POST /api/file/${definitionId}/upload`)).toHaveLength(1);
    expect((await manifestOf(app.id)).version_id).toBe(versionId);

    // Versions of the definition, and one version.
    const listed = await t.http
      .get(`${base(app.slug)}/versions`)
      .set(home.auth)
      .expect(200);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: versionId, status: 3 })]);
    const [list] = upstream.requestsTo('GET /api/version/definition').slice(-1);
    expect(list?.url).toBe(`/api/version/definition?DefinitionId=${definitionId}`);
    const one = await t.http
      .get(`${base(app.slug)}/versions/${versionId}`)
      .set(home.auth)
      .expect(200);
    expect(one.body.data).toMatchObject({ id: versionId, definitionId, status: 3 });

    // Deploy: the version is read, then the deployment created with the upstream's body.
    const deployed = await t.http
      .post(`${base(app.slug)}/deploy`)
      .set(home.auth)
      .send({ Configuration: { Cpu: '500m', Memory: 256, CronExpression: '*/5 * * * *' } })
      .expect(200);
    const deploymentId = deployed.body.data.id as string;
    const [create] = upstream.requestsTo('POST /api/deployment/create').slice(-1);
    expect(create?.json).toEqual({
      DefinitionId: definitionId,
      VersionId: versionId,
      Configuration: { Cpu: '500m', Memory: 256, CronExpression: '*/5 * * * *' },
    });
    expect(await manifestOf(app.id)).toMatchObject({
      definition_id: definitionId,
      version_id: versionId,
      deployment_id: deploymentId,
    });

    // Run: the deployment's externalEndpoint is read, then `{payload}` posted there.
    const ran = await t.http
      .post(`${base(app.slug)}/run`)
      .set(home.auth)
      .send({ payload: { image: 'cat.png' } })
      .expect(200);
    expect(upstream.requestsTo(`GET /api/deployment/${deploymentId}`)).toHaveLength(1);
    const [invoke] = upstream.requestsTo(`POST /invoke/${deploymentId}`);
    expect(invoke?.json).toEqual({ payload: { image: 'cat.png' } });
    expect(invoke?.headers['x-client-key']).toBe(home.workspaceId);
    expect((await verifiedUpstreamClaims(t, invoke as NonNullable<typeof invoke>)).external_user_id).toBe(
      ownerId,
    );
    expect(await manifestOf(app.id)).toMatchObject({
      last_job_name: ran.body.data.executionId,
      last_job_status: 'Running',
    });

    // Delete the recorded version: gone upstream, cleared from the manifest.
    await t.http
      .delete(`${base(app.slug)}/versions/${versionId}`)
      .set(home.auth)
      .expect(200);
    expect(upstream.requestsTo(`DELETE /api/version/${versionId}`)).toHaveLength(1);
    expect(upstream.versions.has(versionId)).toBe(false);
    expect(await manifestOf(app.id)).toMatchObject({ version_id: null, deployment_id: deploymentId });

    const audit = await t.http.get(`/v1/workspaces/${home.workspaceId}/audit`).set(home.auth).expect(200);
    const actions = audit.body.events
      .filter((e: { target: { id: string } }) => e.target.id === app.id)
      .map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'coderunner.definition_created',
        'coderunner.code_uploaded',
        'coderunner.deployed',
        'coderunner.run',
        'coderunner.version_deleted',
      ]),
    );
  });

  it('runs once through the definition when nothing is deployed', async () => {
    const app = await apps.standaloneApp();
    const created = await t.http
      .post(`${base(app.slug)}/definition`)
      .set(home.auth)
      .send(definition)
      .expect(200);
    const definitionId = created.body.data.id as string;
    const ran = await t.http
      .post(`${base(app.slug)}/run`)
      .set(home.auth)
      .send({})
      .expect(200);
    const [once] = upstream.requestsTo(`POST /api/execution/run/onetime/${definitionId}`);
    expect(once?.json).toEqual({ payload: {} });
    expect(await manifestOf(app.id)).toMatchObject({
      last_job_name: ran.body.data.executionId,
      last_job_status: 'Pending',
    });
  });

  it('takes a null or empty CronExpression and null sizes as not given, and does not send them', async () => {
    const app = await apps.standaloneApp();
    await defineAndUpload(app.slug);
    const deployWith = async (Configuration: Record<string, unknown>) => {
      await t.http
        .post(`${base(app.slug)}/deploy`)
        .set(home.auth)
        .send({ Configuration })
        .expect(200);
      return upstream.requestsTo('POST /api/deployment/create').slice(-1)[0]?.json as {
        Configuration: unknown;
      };
    };
    expect((await deployWith({ Cpu: null, Memory: null, CronExpression: null })).Configuration).toEqual({});
    expect((await deployWith({ Cpu: 1, CronExpression: '' })).Configuration).toEqual({ Cpu: 1 });
    // Only the cron expression may be empty.
    const emptySize = await t.http
      .post(`${base(app.slug)}/deploy`)
      .set(home.auth)
      .send({ Configuration: { Memory: '' } })
      .expect(422);
    expect(emptySize.body.code).toBe('invalid_deployment_configuration');
  });

  it('refuses to deploy a version until it is Completed (3)', async () => {
    const app = await apps.standaloneApp();
    upstream.newVersionStatus = 2;
    const uploaded = await defineAndUpload(app.slug);
    upstream.newVersionStatus = 3;
    const versionId = uploaded.body.data.versionId as string;
    const before = upstream.requestsTo('POST /api/deployment/create').length;

    const refused = await t.http
      .post(`${base(app.slug)}/deploy`)
      .set(home.auth)
      .expect(409);
    expect(refused.body.code).toBe('coderunner_version_not_ready');
    expect(upstream.requestsTo('POST /api/deployment/create')).toHaveLength(before);

    upstream.setVersionStatus(versionId, 3);
    await t.http
      .post(`${base(app.slug)}/deploy`)
      .set(home.auth)
      .send({ VersionId: versionId })
      .expect(200);
    expect(upstream.requestsTo('POST /api/deployment/create')).toHaveLength(before + 1);
  });

  it('needs a definition before uploading or listing, and code before deploying or running', async () => {
    const app = await apps.standaloneApp();
    const upload = await t.http
      .post(`${base(app.slug)}/upload`)
      .set(home.auth)
      .attach('file', codeZip(), 'c.zip');
    expect(upload.status).toBe(409);
    expect(upload.body.code).toBe('coderunner_no_definition');
    expect(
      (
        await t.http
          .get(`${base(app.slug)}/versions`)
          .set(home.auth)
          .expect(409)
      ).body.code,
    ).toBe('coderunner_no_definition');
    expect(
      (
        await t.http
          .post(`${base(app.slug)}/deploy`)
          .set(home.auth)
          .expect(409)
      ).body.code,
    ).toBe('coderunner_no_version');
    expect(
      (
        await t.http
          .post(`${base(app.slug)}/run`)
          .set(home.auth)
          .expect(409)
      ).body.code,
    ).toBe('coderunner_not_deployed');
  });

  it('refuses uploads that are not one ZIP file in a multipart form', async () => {
    const app = await apps.standaloneApp();
    await t.http
      .post(`${base(app.slug)}/definition`)
      .set(home.auth)
      .send(definition)
      .expect(200);
    const notZip = await t.http
      .post(`${base(app.slug)}/upload`)
      .set(home.auth)
      .attach('file', Buffer.from('plain text'), 'code.txt')
      .expect(422);
    expect(notZip.body.code).toBe('code_not_zip');
    const json = await t.http
      .post(`${base(app.slug)}/upload`)
      .set(home.auth)
      .send({ file: 'x' })
      .expect(422);
    expect(json.body.code).toBe('invalid_upload');
    const noFile = await t.http
      .post(`${base(app.slug)}/upload`)
      .set(home.auth)
      .field('Description', 'x');
    expect([noFile.status, noFile.body.code]).toEqual([422, 'invalid_upload']);
    const unknown = await t.http
      .post(`${base(app.slug)}/upload`)
      .set(home.auth)
      .field('Other', 'x')
      .attach('file', codeZip(), 'c.zip');
    expect([unknown.status, unknown.body.code]).toEqual([422, 'invalid_upload']);
  });

  it('validates definitions and deploy configuration before calling upstream', async () => {
    const app = await apps.standaloneApp();
    const before = upstream.received.length;
    const type = await t.http
      .post(`${base(app.slug)}/definition`)
      .set(home.auth)
      .send({ ...definition, deploymentType: 5 })
      .expect(422);
    expect(type.body.code).toBe('invalid_deployment_type');
    const language = await t.http
      .post(`${base(app.slug)}/definition`)
      .set(home.auth)
      .send({ ...definition, languageType: 0 })
      .expect(422);
    expect(language.body.code).toBe('invalid_language_type');
    const configuration = await t.http
      .post(`${base(app.slug)}/deploy`)
      .set(home.auth)
      .send({ VersionId: 'v1', Configuration: { Cpu: -1 } })
      .expect(422);
    expect(configuration.body.code).toBe('invalid_deployment_configuration');
    expect(upstream.received.length).toBe(before);
  });

  it('names only standalone and legacy coderunner apps by slug', async () => {
    const shell = await apps.shellApp();
    const refused = await t.http
      .post(`${base(shell.slug)}/definition`)
      .set(home.auth)
      .send(definition);
    expect([refused.status, refused.body.code]).toEqual([400, 'app_kind_has_no_coderunner']);
    const unknown = await t.http
      .get(`${base('no-such-app')}/versions`)
      .set(home.auth)
      .expect(404);
    expect(unknown.body.code).toBe('app_not_found');
    const archived = await apps.standaloneApp();
    await apps.archive(archived.id);
    expect(
      (
        await t.http
          .get(`${base(archived.slug)}/versions`)
          .set(home.auth)
          .expect(410)
      ).body.code,
    ).toBe('app_archived');
    const legacy = await apps.legacyCoderunnerApp();
    await t.http
      .post(`${base(legacy.slug)}/definition`)
      .set(home.auth)
      .send(definition)
      .expect(200);
  });

  it('a path version id no upstream id could be is 404 before any upstream call', async () => {
    const app = await apps.standaloneApp();
    const before = upstream.received.length;
    const res = await t.http
      .get(`${base(app.slug)}/versions/..%2Fdefinitions`)
      .set(home.auth)
      .expect(404);
    expect(res.body.code).toBe('coderunner_not_found');
    expect(upstream.received.length).toBe(before);
  });

  it('refuses changes on a frozen workspace but lets a version be deleted', async () => {
    const frozen = await workspaceWithOwner(t);
    const frozenOwner = await userIdOf(t, frozen.owner.email);
    const seeded = await appSeeder(t, frozenOwner, frozen.workspaceId);
    const app = await seeded.standaloneApp();
    const path = `/v1/workspaces/${frozen.workspaceId}/apps/${app.slug}/coderunner`;
    const created = await t.http.post(`${path}/definition`).set(frozen.auth).send(definition).expect(200);
    const uploaded = await t.http.post(`${path}/upload`).set(frozen.auth).attach('file', codeZip(), 'c.zip');
    const versionId = uploaded.body.data.versionId as string;
    expect(created.body.data.id).toBeDefined();
    await t.http
      .patch(`/v1/operator/workspaces/${frozen.workspaceId}`)
      .set(operator)
      .send({ frozen: true })
      .expect(200);

    const refused = await t.http.post(`${path}/definition`).set(frozen.auth).send(definition).expect(403);
    expect(refused.body.code).toBe('workspace_frozen');
    expect((await t.http.post(`${path}/run`).set(frozen.auth).expect(403)).body.code).toBe(
      'workspace_frozen',
    );
    await t.http.get(`${path}/versions`).set(frozen.auth).expect(200);
    await t.http.delete(`${path}/versions/${versionId}`).set(frozen.auth).expect(200);
  });
});
