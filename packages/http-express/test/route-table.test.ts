import 'reflect-metadata';
import type { UseCases } from '@groundfloor/domain';
import type { RequestHandler } from 'express';
import { requireCaller, requireOperator, requireTeam } from '../src/middleware/authenticate';
import type { Operation } from '../src/openapi/operation';
import { apiRouter, guard, operationsOf, route } from '../src/route-table';

const useCases = {} as UseCases;
const ok: RequestHandler = (_req, res) => void res.status(204).end();
const operation = (callers: Operation['callers'], ...handlers: RequestHandler[]): Operation => ({
  id: 'op',
  summary: 'op',
  callers,
  responses: { 204: null },
  handlers: [...handlers, ok],
});

// The document may only claim the callers the code lets through.
describe('route() checks each operation against its authentication', () => {
  it('registers an operation whose callers are those its middleware accepts', () => {
    const router = apiRouter('Things');
    route(router, '/v1/things', {
      get: operation(['team', 'm2m'], requireCaller(useCases, { kinds: ['m2m', 'team'] })),
    });
    expect(operationsOf(router).map((o) => [o.method, o.path, o.tag])).toEqual([
      ['get', '/v1/things', 'Things'],
    ]);
  });

  it('refuses callers its middleware does not accept, or an accepted kind left out', () => {
    expect(() =>
      route(apiRouter('T'), '/v1/things', { get: operation(['team', 'm2m'], requireTeam(useCases)) }),
    ).toThrow(/described as accepting \[team, m2m\] but its authentication accepts \[team\]/);
    expect(() =>
      route(apiRouter('T'), '/v1/things', {
        get: operation(['team'], requireCaller(useCases, { kinds: ['team', 'm2m'] })),
      }),
    ).toThrow(/accepts \[team, m2m\]/);
  });

  it('refuses a public description of an authenticated route, and the reverse', () => {
    expect(() => route(apiRouter('T'), '/v1/things', { get: operation([], requireTeam(useCases)) })).toThrow(
      /accepting \[\]/,
    );
    expect(() => route(apiRouter('T'), '/v1/things', { get: operation(['team']) })).toThrow(
      /authentication accepts \[\]/,
    );
  });

  it("counts a router's guard for the paths under its prefix only", () => {
    const router = apiRouter('Operator');
    guard(router, '/v1/operator', requireOperator('operator-token-0123456789'));
    route(router, '/v1/operator/things', { get: operation(['operator']) });
    expect(() => route(router, '/v1/operatorish', { get: operation(['operator']) })).toThrow(
      /authentication accepts \[\]/,
    );
  });
});
