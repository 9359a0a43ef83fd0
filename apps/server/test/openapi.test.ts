import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiDocumentOf, describeApi, documentText, listRoutes } from '@groundfloor/http-express';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ResponseValidator } from './support/response-validator';
import { startTestServer, type TestServer } from './support/test-server';

const COMMITTED = path.resolve(__dirname, '../../../docs/openapi.json');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

// The document comes from the route table, so one database is enough.
describe('the API document', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('is valid OpenAPI 3.1, every schema compiling as JSON Schema 2020-12', async () => {
    const document = apiDocumentOf(t.running.app);
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(new ResponseValidator(document).compileAll()).toBeGreaterThan(100);
  });

  it('describes every route the server serves, and nothing it does not', () => {
    const document = apiDocumentOf(t.running.app);
    const served = listRoutes(t.running.app).map(
      (r) => `${r.method} ${r.path.replace(/[:*]([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')}`,
    );
    const described = Object.entries(document.paths).flatMap(([p, item]) =>
      Object.keys(item)
        .filter((method) => METHODS.includes(method))
        .map((method) => `${method.toUpperCase()} ${p}`),
    );
    expect(served.length).toBeGreaterThan(60);
    expect([...described].sort()).toEqual([...served].sort());
  });

  it('gives every operation a summary, a tag, its callers and a success answer', () => {
    const document = apiDocumentOf(t.running.app);
    for (const [p, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${p}`;
        const op = operation as {
          summary?: string;
          tags?: string[];
          security?: unknown[];
          responses: object;
        };
        expect({ where, summary: typeof op.summary }).toEqual({ where, summary: 'string' });
        expect({ where, tags: op.tags?.length }).toEqual({ where, tags: 1 });
        expect({ where, security: Array.isArray(op.security) }).toEqual({ where, security: true });
        expect({
          where,
          success: Object.keys(op.responses).some((s) => /^2\d\d$/.test(s)) || p.endsWith('/runtime'),
        }).toEqual({
          where,
          success: true,
        });
      }
    }
  });

  it('is served at /openapi.json and committed as docs/openapi.json (run `npm run openapi` when this fails)', async () => {
    const document = apiDocumentOf(t.running.app);
    const served = await t.http.get('/openapi.json').expect(200);
    expect(served.body).toEqual(document);
    expect(documentText(describeApi())).toBe(documentText(document));
    expect(readFileSync(COMMITTED, 'utf8')).toBe(documentText(document));
  });

  it('names a security scheme per caller kind, and operator routes accept only the operator token', () => {
    const document = apiDocumentOf(t.running.app);
    const schemes = Object.keys((document.components as { securitySchemes: object }).securitySchemes).sort();
    expect(schemes).toEqual([
      'appUserBearer',
      'm2mBearer',
      'm2mClientBasic',
      'operatorToken',
      'teamBearer',
      'workloadBearer',
    ]);
    const security = (p: string, method: string) =>
      (document.paths[p]?.[method] as { security?: unknown } | undefined)?.security;
    expect(security('/v1/operator/organizations', 'get')).toEqual([{ operatorToken: [] }]);
    expect(security('/v1/workspaces/{workspace_id}/secrets', 'get')).toEqual([
      { teamBearer: [] },
      { m2mBearer: [] },
    ]);
    expect(security('/v1/organizations', 'get')).toEqual([{ teamBearer: [] }]);
    expect(security('/v1/workspaces/{workspace_id}/apps', 'get')).toEqual([
      { teamBearer: [] },
      { appUserBearer: [] },
    ]);
    expect(security('/v1/auth/token', 'post')).toEqual([{}]);
    expect(security('/v1/workspaces/{workspace_id}/m2m/token', 'post')).toEqual([{}, { m2mClientBasic: [] }]);
  });
});
