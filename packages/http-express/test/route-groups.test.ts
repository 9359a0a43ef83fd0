import express, { type ErrorRequestHandler, type RequestHandler, Router } from 'express';
import request from 'supertest';
import { requireOperator } from '../src/middleware/authenticate';
import type { Operation } from '../src/openapi/operation';
import { guard, route, routeGroups } from '../src/route-table';

const answer =
  (name: string): RequestHandler =>
  (_req, res) =>
    void res.json({ by: name });

const described = (id: string, name: string, callers: Operation['callers'] = []): Operation => ({
  id,
  summary: id,
  callers,
  responses: { 200: null },
  handlers: [answer(name)],
});

/** An application of route groups behind `routeGroups`, as createApp mounts them. */
function appOf(...groups: Router[]) {
  const app = express();
  app.use(routeGroups(groups));
  app.use((_req, res) => void res.status(404).json({ by: 'not found' }));
  const onError: ErrorRequestHandler = (error, _req, res, _next) =>
    void res
      .status((error as { kind?: string }).kind === 'unauthenticated' ? 401 : 500)
      .json({ by: 'error handler', message: (error as Error).message });
  app.use(onError);
  return app;
}

describe('routeGroups', () => {
  it('answers with the group whose route matches, with or without a trailing slash, in the case it is written', async () => {
    const things = Router({ caseSensitive: true });
    route(things, '/v1/things/:id', { get: described('getThing', 'things') });
    const others = Router({ caseSensitive: true });
    route(others, '/v1/others/:id/items', { get: described('getItems', 'others') });
    const app = appOf(things, others);
    expect((await request(app).get('/v1/things/1').expect(200)).body).toEqual({ by: 'things' });
    expect((await request(app).get('/v1/things/1/').expect(200)).body).toEqual({ by: 'things' });
    // Paths are case-sensitive, as the API's routers are.
    await request(app).get('/V1/THINGS/1').expect(404);
    expect((await request(app).get('/v1/others/1/items').expect(200)).body).toEqual({ by: 'others' });
    // The 405 catch-all of route() still answers for its path.
    await request(app).post('/v1/things/1').expect(405);
    await request(app).get('/v1/things/1/more').expect(404);
  });

  it('reaches a route registered without route(), and a group with middleware of its own sees every path', async () => {
    const raw = Router();
    route(raw, '/v1/described', { get: described('getDescribed', 'described') });
    raw.get('/v1/raw/:id', answer('raw'));
    const watching = Router();
    watching.use((req, res, next) => (req.path === '/v1/watched' ? res.json({ by: 'middleware' }) : next()));
    const app = appOf(raw, watching);
    expect((await request(app).get('/v1/raw/1').expect(200)).body).toEqual({ by: 'raw' });
    expect((await request(app).get('/v1/watched').expect(200)).body).toEqual({ by: 'middleware' });
  });

  it('keeps a guard in front of every path under its prefix, known or not', async () => {
    const guarded = Router();
    guard(guarded, '/v1/operator', requireOperator('operator-token'));
    route(guarded, '/v1/operator/things', { get: described('listThings', 'operator', ['operator']) });
    const app = appOf(guarded);
    await request(app).get('/v1/operator/things').expect(401);
    const operator = { authorization: 'Bearer operator-token' };
    expect((await request(app).get('/v1/operator/things').set(operator).expect(200)).body).toEqual({
      by: 'operator',
    });
    await request(app).get('/v1/operator/unknown/path').expect(401);
    await request(app).get('/v1/operatorish').expect(404);
  });

  it('hands a request a group passed on to the next candidate, and an error straight to the error handler', async () => {
    const first = Router();
    first.get('/v1/shared/:id', (req, _res, next) =>
      req.params.id === 'mine' ? next(new Error('boom')) : next(),
    );
    const second = Router();
    route(second, '/v1/shared/:id', { get: described('getShared', 'second') });
    const app = appOf(first, second);
    expect((await request(app).get('/v1/shared/1').expect(200)).body).toEqual({ by: 'second' });
    expect((await request(app).get('/v1/shared/mine').expect(500)).body).toEqual({
      by: 'error handler',
      message: 'boom',
    });
  });

  it('runs the layers that match in the order they were registered, across groups and within one', async () => {
    const seen: string[] = [];
    const note =
      (name: string): RequestHandler =>
      (_req, _res, next) => {
        seen.push(name);
        next();
      };
    const first = Router();
    first.get('/v1/items/:id', note('first route'), (_req, _res, next) => next('route'));
    first.get('/v1/elsewhere', note('never'));
    first.get('/v1/items/special', note('second route, same group'));
    const watching = Router();
    watching.use('/v1/items', note('middleware of a group of its own'));
    const second = Router();
    route(second, '/v1/items/:id', { get: described('getItem', 'second group') });
    const app = appOf(first, watching, second);
    expect((await request(app).get('/v1/items/special').expect(200)).body).toEqual({ by: 'second group' });
    expect(seen).toEqual(['first route', 'second route, same group', 'middleware of a group of its own']);
  });

  it('reaches routes whose paths span segments or hold optional parts', async () => {
    const files = Router();
    files.get('/v1/files/*rest', answer('wildcard'));
    files.get('/v1/reports{/:year}', answer('optional'));
    const app = appOf(files);
    expect((await request(app).get('/v1/files/a/b/c.txt').expect(200)).body).toEqual({ by: 'wildcard' });
    expect((await request(app).get('/v1/reports').expect(200)).body).toEqual({ by: 'optional' });
    expect((await request(app).get('/v1/reports/2026').expect(200)).body).toEqual({ by: 'optional' });
    await request(app).get('/v1/reportsx').expect(404);
  });

  it('answers OPTIONS as Express does: the methods of the matching routes, or 405 from route()', async () => {
    const raw = Router();
    raw.get('/v1/raw/:id', answer('raw'));
    raw.delete('/v1/raw/:id', answer('raw'));
    const described_ = Router();
    route(described_, '/v1/described', { get: described('getDescribed', 'described') });
    const app = appOf(raw, described_);
    const options = await request(app).options('/v1/raw/1').expect(200);
    expect(options.headers.allow).toBe('DELETE, GET, HEAD');
    expect((await request(app).options('/v1/described').expect(405)).headers.allow).toBe('GET, HEAD');
  });
});
