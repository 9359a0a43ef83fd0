import { describeApi } from '@groundfloor/http-express';
import { type CheckedResponse, ResponseValidator } from './support/response-validator';

const BASE = 'http://127.0.0.1:1';
const ORG = '0b6a5f0e-8f0d-4a41-9e39-3c1b1f8b2a10';
const WS = '5d1f7f2c-2b1a-4c55-8e7b-7f4c2f1e9a01';

const json = (status: number, body: unknown, headers: Record<string, string> = {}): CheckedResponse => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body,
  text: JSON.stringify(body),
});
const problem = (status: number, code: string, headers: Record<string, string> = {}): CheckedResponse => ({
  status,
  headers: { 'content-type': 'application/problem+json; charset=utf-8', ...headers },
  body: { type: 'about:blank', title: 'x', status, code, detail: 'x' },
  text: '{}',
});
const organization = {
  id: ORG,
  name: 'Acme',
  plan_tier: 'free',
  status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
};

// The check every HTTP suite runs on every response must be able to fail: these are the ways.
describe('the response check of the HTTP suites', () => {
  const validator = new ResponseValidator(describeApi());
  const check = (method: string, path: string, res: CheckedResponse) =>
    validator.problems(method, `${BASE}${path}`, res);

  it('accepts an answer the document describes', () => {
    expect(check('GET', `/v1/organizations/${ORG}`, json(200, organization))).toEqual([]);
    expect(check('GET', `/v1/organizations/${ORG}`, problem(404, 'organization_not_found'))).toEqual([]);
  });

  it('refuses a field added, left out, renamed or of another type', () => {
    const path = `/v1/organizations/${ORG}`;
    expect(check('GET', path, json(200, { ...organization, internal_flag: true }))).not.toEqual([]);
    const { plan_tier: _left, ...without } = organization;
    expect(check('GET', path, json(200, without))).not.toEqual([]);
    expect(check('GET', path, json(200, { ...without, tier: 'free' }))).not.toEqual([]);
    expect(check('GET', path, json(200, { ...organization, status: 'paused' }))).not.toEqual([]);
    expect(check('GET', path, json(200, { ...organization, created_at: 'yesterday' }))).not.toEqual([]);
  });

  it('refuses a status, or a problem code, the operation does not document', () => {
    const path = `/v1/organizations/${ORG}`;
    expect(check('GET', path, problem(409, 'duplicate'))).not.toEqual([]);
    expect(check('GET', path, problem(403, 'workspace_frozen'))).not.toEqual([]);
    expect(check('GET', path, problem(403, 'permission_denied'))).toEqual([]);
  });

  it('refuses a 401 without WWW-Authenticate and a 429 without Retry-After', () => {
    const path = `/v1/organizations/${ORG}`;
    expect(check('GET', path, problem(401, 'missing_token'))).not.toEqual([]);
    expect(check('GET', path, problem(401, 'missing_token', { 'www-authenticate': 'Bearer' }))).toEqual([]);
    const signIn = (res: CheckedResponse) => check('POST', '/v1/auth/token', res);
    expect(signIn(problem(429, 'too_many_sign_in_attempts'))).not.toEqual([]);
    expect(signIn(problem(429, 'too_many_sign_in_attempts', { 'retry-after': '60' }))).toEqual([]);
  });

  it('refuses a body where none is documented, and an undocumented content type', () => {
    const path = `/v1/workspaces/${WS}/m2m/clients/${ORG}`;
    expect(check('DELETE', path, { status: 204, headers: {}, body: {}, text: '' })).toEqual([]);
    expect(check('DELETE', path, { status: 204, headers: {}, body: {}, text: 'gone' })).not.toEqual([]);
    const html = { status: 200, headers: { 'content-type': 'text/html' }, body: {}, text: '<p>' };
    expect(check('GET', `/v1/organizations/${ORG}`, html)).not.toEqual([]);
  });

  it('knows unknown paths (404) and other methods (405) apart from documented ones', () => {
    expect(check('GET', '/v1/nothing', problem(404, 'route_not_found'))).toEqual([]);
    expect(check('GET', '/v1/nothing', json(200, {}))).not.toEqual([]);
    const notAllowed = { ...problem(405, 'method_not_allowed'), headers: { allow: 'GET, HEAD' } };
    expect(check('DELETE', `/v1/organizations/${ORG}`, notAllowed)).toEqual([]);
    expect(check('DELETE', `/v1/organizations/${ORG}`, json(200, organization))).not.toEqual([]);
  });

  it('checks HEAD by status only, and lets it be refused only where the document says so', () => {
    const head = (status: number): CheckedResponse => ({ status, headers: {}, body: {}, text: '' });
    expect(check('HEAD', `/v1/organizations/${ORG}`, head(200))).toEqual([]);
    expect(check('HEAD', `/v1/organizations/${ORG}`, head(405))).not.toEqual([]);
    expect(check('HEAD', `/v1/workspaces/${WS}/secrets/KEY`, head(405))).toEqual([]);
  });

  it('reads GET /secrets/compare without compare parameters as the secret named compare', () => {
    const revealed = { key: 'compare', value: 'v', description: null, environment_id: null };
    const comparison = { source_environment_id: WS, target_environment_id: ORG, keys: [] };
    const path = `/v1/workspaces/${WS}/secrets/compare`;
    expect(check('GET', path, json(200, revealed))).toEqual([]);
    expect(
      check('GET', `${path}?source_environment_id=${WS}&target_environment_id=${ORG}`, json(200, comparison)),
    ).toEqual([]);
    expect(
      check('GET', `${path}?source_environment_id=${WS}&target_environment_id=${ORG}`, json(200, revealed)),
    ).not.toEqual([]);
  });
});
