import { listRoutes } from '@groundfloor/http-express';
import { CoderunnerUpstream, ModelGatewayUpstream } from '@groundfloor/testkit';
import { buildMatrixWorld, type MatrixWorld } from './support/matrix/callers';
import {
  CALLERS,
  type CallerName,
  type Expectation,
  type MatrixRow,
  readDeclaredMatrix,
} from './support/matrix/declared-matrix';
import { REQUESTS } from './support/matrix/requests';
import { startTestServer, type TestServer } from './support/test-server';
import { freshAddress } from './support/tickets';

/*
 * Security issue, finding 10: every route the server serves, called by every
 * kind of caller, against the one declared table of docs/authorization.md.
 * Authorization does not depend on the database, so this runs on PGlite only.
 */

const rows = readDeclaredMatrix();
const expressPath = (openApiPath: string) => openApiPath.replace(/\{([A-Za-z_]+)\}/g, ':$1');

describe('authorization matrix', () => {
  let t: TestServer;
  let world: MatrixWorld;
  let coderunner: CoderunnerUpstream;
  let gateway: ModelGatewayUpstream;

  beforeAll(async () => {
    // Every request comes from an address of its own (TRUST_PROXY), so
    // per-address limits never answer for the permission being tested.
    // Domain checks ask a port where no DNS server listens: they fail at once, never reaching the network.
    // The code-execution service and the model gateway run on loopback, so allowed cells reach them.
    coderunner = await CoderunnerUpstream.started();
    gateway = await ModelGatewayUpstream.started('sk-matrix-master-key');
    t = await startTestServer('pglite', {
      TRUST_PROXY: 'true',
      ORG_CREATION_ENABLED: 'true',
      DNS_SERVERS: '127.0.0.1:9',
      CODERUNNER_URL: coderunner.url,
      LLM_GATEWAY_URL: gateway.url,
      LLM_GATEWAY_MASTER_KEY: 'sk-matrix-master-key',
    });
    world = await buildMatrixWorld(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await coderunner?.close();
    await gateway?.close();
  });

  it('declares a row for every served route, and no row for a route that is not served', () => {
    // A wildcard (`*path`: a release file) is a `{path}` parameter in the table.
    const served = listRoutes(t.running.app).map((r) => `${r.method} ${r.path.replace(/\*(\w+)/g, ':$1')}`);
    const declared = new Set(rows.map((r) => `${r.method} ${expressPath(r.path)}`));
    expect(served.filter((route) => !declared.has(route))).toEqual([]);
    expect([...declared].filter((route) => !served.includes(route))).toEqual([]);
  });

  it('knows how to call every declared row', () => {
    expect(rows.map((r) => r.key).filter((key) => !(key in REQUESTS))).toEqual([]);
    expect(Object.keys(REQUESTS).filter((key) => !rows.some((r) => r.key === key))).toEqual([]);
  });

  const verdict = (status: number, expected: Expectation): Expectation =>
    expected === 'allowed' && status >= 200 && status < 300 ? 'allowed' : status;

  it.each(rows.map((row) => [row.key, row] as const))('%s', async (_key, row: MatrixRow) => {
    const build = REQUESTS[row.key];
    if (!build) throw new Error(`no request builder for ${row.key}`);
    const actual = {} as Record<CallerName, Expectation>;
    const answers: string[] = [];
    for (const caller of CALLERS) {
      const request = await build(world, caller);
      const method = row.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      let call = t.http[method](request.path).set({
        ...world.callers[caller].headers,
        'X-Forwarded-For': freshAddress(),
      });
      if (request.body !== undefined) call = call.send(request.body as object);
      if (request.attach)
        call = call.attach(request.attach.field, request.attach.content, request.attach.filename);
      const res = await call;
      actual[caller] = verdict(res.status, row.cells[caller]);
      if (actual[caller] !== row.cells[caller])
        answers.push(`${caller}: ${res.status} ${res.body?.code ?? ''}`);
    }
    // One comparison per row, so a failure shows every caller that differs at once.
    expect({ row: row.key, cells: actual, answers }).toEqual({ row: row.key, cells: row.cells, answers: [] });
  });
});
