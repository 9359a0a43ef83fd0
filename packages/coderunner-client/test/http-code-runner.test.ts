import type { CodeRunnerCredentials } from '@groundfloor/domain';
import { CoderunnerUpstream } from '@groundfloor/testkit';
import { HttpCodeRunner } from '../src';

/*
 * The HTTP adapter against a code-execution service on loopback: every
 * request's path, identity headers and body, and how each way of failing
 * is reported (never thrown).
 */

const as: CodeRunnerCredentials = { token: 'jwt.for.test', tenantId: 'ws-1', userId: 'user-1' };
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 9, 9]);

describe('HttpCodeRunner', () => {
  let upstream: CoderunnerUpstream;
  let runner: HttpCodeRunner;

  beforeAll(async () => {
    upstream = await CoderunnerUpstream.started();
    runner = new HttpCodeRunner({ baseUrl: `${upstream.url}/`, timeoutMs: 5000 });
  });
  afterAll(async () => {
    await upstream.close();
  });

  const last = () => {
    const request = upstream.received.at(-1);
    if (!request) throw new Error('nothing received');
    return request;
  };

  it('sends the three identity headers on every request', async () => {
    await runner.createDefinition(as, { name: 'n', description: 'd', deploymentType: 1, languageType: 2 });
    expect(last().headers).toMatchObject({
      authorization: 'Bearer jwt.for.test',
      'x-client-key': 'ws-1',
      'x-userid': 'user-1',
    });
  });

  it('walks the contract, path by path', async () => {
    const created = await runner.createDefinition(as, {
      name: 'n',
      description: 'd',
      deploymentType: 1,
      languageType: 2,
    });
    expect(last()).toMatchObject({ method: 'POST', url: '/api/definitions' });
    expect(last().json).toEqual({ name: 'n', description: 'd', deploymentType: 1, languageType: 2 });
    if (!created.ok) throw new Error('not created');
    const definitionId = (created.value.data as { id: string }).id;

    const uploaded = await runner.uploadCode(as, definitionId, {
      description: 'v1',
      fileName: 'a.zip',
      content: ZIP,
    });
    expect(last()).toMatchObject({ method: 'POST', url: `/api/file/${definitionId}/upload` });
    expect(upstream.uploads.at(-1)).toMatchObject({
      description: 'v1',
      fileName: 'a.zip',
      fileType: 'application/zip',
    });
    expect(upstream.uploads.at(-1)?.file).toEqual(Buffer.from(ZIP));
    if (!uploaded.ok) throw new Error('not uploaded');
    const versionId = (uploaded.value.data as { versionId: string }).versionId;

    await runner.listVersions(as, definitionId);
    expect(last()).toMatchObject({
      method: 'GET',
      url: `/api/version/definition?DefinitionId=${definitionId}`,
    });
    await runner.getVersion(as, versionId);
    expect(last()).toMatchObject({ method: 'GET', url: `/api/version/${versionId}` });

    const deployed = await runner.createDeployment(as, {
      definitionId,
      versionId,
      configuration: { cpu: '250m', cronExpression: '@daily' },
    });
    expect(last()).toMatchObject({ method: 'POST', url: '/api/deployment/create' });
    expect(last().json).toEqual({
      DefinitionId: definitionId,
      VersionId: versionId,
      Configuration: { Cpu: '250m', CronExpression: '@daily' },
    });
    if (!deployed.ok) throw new Error('not deployed');
    const deploymentId = (deployed.value.data as { id: string }).id;
    const read = await runner.getDeployment(as, deploymentId);
    expect(last()).toMatchObject({ method: 'GET', url: `/api/deployment/${deploymentId}` });
    const endpoint = read.ok
      ? (read.value.data as { configuration: { externalEndpoint: string } }).configuration.externalEndpoint
      : '';

    await runner.invokeEndpoint(as, endpoint, { hello: 1 });
    expect(last()).toMatchObject({
      method: 'POST',
      url: `/invoke/${deploymentId}`,
      json: { payload: { hello: 1 } },
    });
    expect(last().headers['x-client-key']).toBe('ws-1');
    await runner.runOnce(as, definitionId, { once: true });
    expect(last()).toMatchObject({
      method: 'POST',
      url: `/api/execution/run/onetime/${definitionId}`,
      json: { payload: { once: true } },
    });
    const deleted = await runner.deleteVersion(as, versionId);
    expect(last()).toMatchObject({ method: 'DELETE', url: `/api/version/${versionId}` });
    expect(deleted).toEqual({ ok: true, value: { success: true, message: 'Version deleted', data: null } });
  });

  it('reports a 4xx with its message and a 429 with its Retry-After', async () => {
    expect(await runner.getVersion(as, 'missing')).toEqual({
      ok: false,
      failure: 'rejected',
      status: 404,
      message: 'Version not found',
    });
    upstream.misbehaveNext('GET /api/version/*', {
      status: 429,
      headers: { 'retry-after': '12' },
      body: { title: 'Too many' },
    });
    expect(await runner.getVersion(as, 'x')).toEqual({
      ok: false,
      failure: 'rejected',
      status: 429,
      message: 'Too many',
      retryAfterSeconds: 12,
    });
    upstream.misbehaveNext('GET /api/version/*', { status: 400, text: '<html>bad</html>' });
    expect(await runner.getVersion(as, 'x')).toMatchObject({ failure: 'rejected', status: 400, message: '' });
  });

  it('reports a 5xx, a 2xx that is not the envelope, and a redirect it does not follow', async () => {
    upstream.misbehaveNext('GET /api/version/*', { status: 503, text: 'down' });
    expect(await runner.getVersion(as, 'x')).toEqual({ ok: false, failure: 'server_error', status: 503 });
    upstream.misbehaveNext('GET /api/version/*', { status: 200, body: { id: 'no envelope' } });
    expect(await runner.getVersion(as, 'x')).toEqual({ ok: false, failure: 'invalid_answer' });
    upstream.misbehaveNext('GET /api/version/*', {
      status: 302,
      headers: { location: 'http://127.0.0.1:9/' },
    });
    expect(await runner.getVersion(as, 'x')).toEqual({ ok: false, failure: 'invalid_answer' });
  });

  it('reports a time-out when no answer comes within timeoutMs, and waits for an answer that comes within it', async () => {
    const impatient = new HttpCodeRunner({ baseUrl: upstream.url, timeoutMs: 200 });
    upstream.misbehaveNext('GET /api/version/*', { hang: true });
    expect(await impatient.getVersion(as, 'x')).toEqual({ ok: false, failure: 'timeout' });
    upstream.misbehaveNext('GET /api/version/*', { delayMs: 300 });
    expect(await runner.getVersion(as, 'missing')).toMatchObject({ failure: 'rejected', status: 404 });
  });

  it('reports an unreachable service, and an unconfigured one without calling anything', async () => {
    const gone = await CoderunnerUpstream.started();
    await gone.close();
    expect(await new HttpCodeRunner({ baseUrl: gone.url }).getVersion(as, 'x')).toEqual({
      ok: false,
      failure: 'unreachable',
    });
    expect(await new HttpCodeRunner({ baseUrl: undefined }).getVersion(as, 'x')).toEqual({
      ok: false,
      failure: 'not_configured',
    });
  });

  it('says whether it is configured, so the domain can answer 503 before anything else', () => {
    expect(new HttpCodeRunner({ baseUrl: undefined }).configured).toBe(false);
    expect(new HttpCodeRunner({ baseUrl: '' }).configured).toBe(false);
    expect(new HttpCodeRunner({ baseUrl: upstream.url }).configured).toBe(true);
  });

  it('escapes ids in paths', async () => {
    await runner.getVersion(as, 'a/b?c');
    expect(last().url).toBe('/api/version/a%2Fb%3Fc');
  });
});
