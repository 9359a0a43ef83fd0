import { CoderunnerUpstream } from '@groundfloor/testkit';
import { userIdOf } from './support/seed';
import { DATABASES, startTestServer, type TestServer } from './support/test-server';
import { codeZip, verifiedUpstreamClaims } from './support/upstreams';
import { workspaceWithOwner } from './support/workspace';

/*
 * Supplement §12: deploying and running a workload through the
 * code-execution service; the ids land under the workload's
 * `manifest.coderunner`. The run body is the event JSON itself.
 */

describe.each(DATABASES)('workload deploy and run on %s', (kind) => {
  let upstream: CoderunnerUpstream;
  let t: TestServer;
  let home: Awaited<ReturnType<typeof workspaceWithOwner>>;
  let ownerId: string;

  beforeAll(async () => {
    upstream = await CoderunnerUpstream.started();
    t = await startTestServer(kind, { CODERUNNER_URL: upstream.url });
    home = await workspaceWithOwner(t);
    ownerId = await userIdOf(t, home.owner.email);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await upstream?.close();
  });

  /** A workload, and a Completed version of code uploaded through a standalone app's definition. */
  async function workloadWithVersion(status = 3) {
    const workload = await t.http
      .post(`/v1/workspaces/${home.workspaceId}/coderunners`)
      .set(home.auth)
      .send({ name: 'worker', kind: 'job' })
      .expect(201);
    const service = await t.http
      .post(`/v1/workspaces/${home.workspaceId}/coderunners`)
      .set(home.auth)
      .send({ name: 'site', kind: 'service' })
      .expect(201);
    const slug = `site-${workload.body.id.slice(0, 8)}`;
    await t.http
      .post(`/v1/workspaces/${home.workspaceId}/apps`)
      .set(home.auth)
      .send({ name: 'Site', slug, app_kind: 'standalone', primary_coderunner_id: service.body.id })
      .expect(201);
    const proxy = `/v1/workspaces/${home.workspaceId}/apps/${slug}/coderunner`;
    const definition = await t.http
      .post(`${proxy}/definition`)
      .set(home.auth)
      .send({ name: 'Worker', deploymentType: 2, languageType: 1 })
      .expect(200);
    upstream.newVersionStatus = status;
    const uploaded = await t.http.post(`${proxy}/upload`).set(home.auth).attach('file', codeZip(), 'w.zip');
    upstream.newVersionStatus = 3;
    return {
      path: `/v1/workspaces/${home.workspaceId}/coderunners/${workload.body.id}`,
      definitionId: definition.body.data.id as string,
      versionId: uploaded.body.data.versionId as string,
    };
  }
  const manifestOf = async (path: string) =>
    (await t.http.get(path).set(home.auth).expect(200)).body.manifest;

  it('deploys a Completed version and records the ids on the workload', async () => {
    const { path, definitionId, versionId } = await workloadWithVersion();
    const res = await t.http
      .post(`${path}/deploy`)
      .set(home.auth)
      .send({ version_id: versionId, cpu: 0.5, memory: '512Mi', cron_expression: '0 3 * * *' })
      .expect(200);
    const deploymentId = res.body.data.id as string;
    const [create] = upstream.requestsTo('POST /api/deployment/create').slice(-1);
    expect(create?.json).toEqual({
      DefinitionId: definitionId,
      VersionId: versionId,
      Configuration: { Cpu: 0.5, Memory: '512Mi', CronExpression: '0 3 * * *' },
    });
    expect(create?.headers['x-userid']).toBe(ownerId);
    expect(await verifiedUpstreamClaims(t, create as NonNullable<typeof create>)).toMatchObject({
      external_tenant_id: home.workspaceId,
      external_user_id: ownerId,
    });
    expect((await manifestOf(path)).coderunner).toEqual({
      definition_id: definitionId,
      version_id: versionId,
      deployment_id: deploymentId,
      last_job_name: null,
      last_job_status: null,
    });
  });

  it('takes null cpu, memory and cron_expression, and an empty cron_expression, as not given', async () => {
    const { path, definitionId, versionId } = await workloadWithVersion();
    const sent = async (body: Record<string, unknown>) => {
      await t.http
        .post(`${path}/deploy`)
        .set(home.auth)
        .send({ version_id: versionId, ...body })
        .expect(200);
      return upstream.requestsTo('POST /api/deployment/create').slice(-1)[0]?.json;
    };
    expect(await sent({ cpu: null, memory: null, cron_expression: null })).toEqual({
      DefinitionId: definitionId,
      VersionId: versionId,
      Configuration: {},
    });
    expect(await sent({ memory: '256Mi', cron_expression: '' })).toEqual({
      DefinitionId: definitionId,
      VersionId: versionId,
      Configuration: { Memory: '256Mi' },
    });
    const emptyCpu = await t.http
      .post(`${path}/deploy`)
      .set(home.auth)
      .send({ version_id: versionId, cpu: '' })
      .expect(422);
    expect(emptyCpu.body.code).toBe('invalid_deployment_configuration');
  });

  it('refuses inject_secret_keys with 422, whatever its value, before calling upstream', async () => {
    const { path, versionId } = await workloadWithVersion();
    const before = upstream.received.length;
    for (const value of [['DB_URL'], [], null]) {
      const res = await t.http
        .post(`${path}/deploy`)
        .set(home.auth)
        .send({ version_id: versionId, inject_secret_keys: value })
        .expect(422);
      expect(res.body.code).toBe('secret_injection_disabled');
    }
    expect(upstream.received.length).toBe(before);
  });

  it('refuses to deploy a version that is not Completed', async () => {
    const { path, versionId } = await workloadWithVersion(1);
    const res = await t.http
      .post(`${path}/deploy`)
      .set(home.auth)
      .send({ version_id: versionId })
      .expect(409);
    expect(res.body.code).toBe('coderunner_version_not_ready');
  });

  it('runs with the event as the body, at the recorded deployment', async () => {
    const { path, versionId } = await workloadWithVersion();
    const deployed = await t.http
      .post(`${path}/deploy`)
      .set(home.auth)
      .send({ version_id: versionId })
      .expect(200);
    const deploymentId = deployed.body.data.id as string;
    const event = { type: 'order.created', order: { id: 42 } };
    const ran = await t.http.post(`${path}/run`).set(home.auth).send(event).expect(200);
    const [invoke] = upstream.requestsTo(`POST /invoke/${deploymentId}`);
    expect(invoke?.json).toEqual({ payload: event });
    expect((await manifestOf(path)).coderunner).toMatchObject({
      deployment_id: deploymentId,
      last_job_name: ran.body.data.executionId,
      last_job_status: 'Running',
    });
  });

  it('takes deployment_id and deployment_url as query parameters; the URL must be the deployment’s', async () => {
    const { path, versionId } = await workloadWithVersion();
    const deployed = await t.http
      .post(`${path}/deploy`)
      .set(home.auth)
      .send({ version_id: versionId })
      .expect(200);
    const deploymentId = deployed.body.data.id as string;
    const endpoint = `${upstream.url}/invoke/${deploymentId}`;
    const query = `deployment_id=${deploymentId}&deployment_url=${encodeURIComponent(endpoint)}`;
    await t.http.post(`${path}/run?${query}`).set(home.auth).send({ n: 1 }).expect(200);
    expect(upstream.requestsTo(`POST /invoke/${deploymentId}`).at(-1)?.json).toEqual({ payload: { n: 1 } });

    const before = upstream.requestsTo('POST /invoke/*').length;
    const elsewhere = encodeURIComponent('https://attacker.example/collect');
    const refused = await t.http
      .post(`${path}/run?deployment_id=${deploymentId}&deployment_url=${elsewhere}`)
      .set(home.auth)
      .send({})
      .expect(422);
    expect(refused.body.code).toBe('deployment_url_mismatch');
    expect(upstream.requestsTo('POST /invoke/*')).toHaveLength(before);
  });

  it('runs a version’s definition once when only version_id is given', async () => {
    const { path, definitionId, versionId } = await workloadWithVersion();
    await t.http.post(`${path}/run?version_id=${versionId}`).set(home.auth).send({ once: true }).expect(200);
    expect(upstream.requestsTo(`GET /api/version/${versionId}`).length).toBeGreaterThan(0);
    const [once] = upstream.requestsTo(`POST /api/execution/run/onetime/${definitionId}`).slice(-1);
    expect(once?.json).toEqual({ payload: { once: true } });
  });

  it('refuses a run body that is not a JSON object, and a run with nothing to run', async () => {
    const { path } = await workloadWithVersion();
    const array = await t.http.post(`${path}/run`).set(home.auth).send([1, 2]).expect(422);
    expect(array.body.code).toBe('invalid_body');
    for (const scalar of ['null', '7', '"event"']) {
      const res = await t.http
        .post(`${path}/run`)
        .set(home.auth)
        .set('Content-Type', 'application/json')
        .send(scalar)
        .expect(422);
      expect(res.body.code).toBe('invalid_body');
    }
    const nothing = await t.http.post(`${path}/run`).set(home.auth).send({}).expect(409);
    expect(nothing.body.code).toBe('coderunner_not_deployed');
  });

  it('refuses archived and unknown workloads', async () => {
    const { path, versionId } = await workloadWithVersion();
    await t.http.delete(path).set(home.auth).expect(204);
    const archived = await t.http.post(`${path}/deploy`).set(home.auth).send({ version_id: versionId });
    expect([archived.status, archived.body.code]).toEqual([409, 'workload_archived']);
    const unknown = await t.http
      .post(`/v1/workspaces/${home.workspaceId}/coderunners/00000000-0000-4000-8000-000000000000/run`)
      .set(home.auth)
      .send({});
    expect([unknown.status, unknown.body.code]).toEqual([404, 'workload_not_found']);
  });
});
