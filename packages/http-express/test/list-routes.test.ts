import express, { Router } from 'express';
import { listRoutes } from '../src/list-routes';
import { route } from '../src/route-table';

describe('listRoutes', () => {
  it('lists every method of every path, in nested routers too, without the 405 catch-alls', () => {
    const app = express();
    const inner = Router();
    const described = (id: string) => ({
      id,
      summary: id,
      callers: [],
      responses: { 204: null },
      handlers: [(_q: unknown, s: { end(): void }) => void s.end()],
    });
    route(inner, '/v1/things/:id', { get: described('getThing'), delete: described('deleteThing') });
    inner.post('/v1/things/:id/poke', (_q, s) => void s.end());
    app.use(inner);
    app.get('/healthz', (_q, s) => void s.end());

    expect(listRoutes(app)).toEqual([
      { method: 'GET', path: '/healthz' },
      { method: 'DELETE', path: '/v1/things/:id' },
      { method: 'GET', path: '/v1/things/:id' },
      { method: 'POST', path: '/v1/things/:id/poke' },
    ]);
  });

  it('lists a path registered twice once', () => {
    const app = express();
    app.get('/a', (_q, s) => void s.end());
    app.get('/a', (_q, s) => void s.end());
    expect(listRoutes(app)).toEqual([{ method: 'GET', path: '/a' }]);
  });
});
