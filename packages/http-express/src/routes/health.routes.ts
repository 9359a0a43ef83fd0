import { Router } from 'express';
import { sendProblem } from '../problem';
import { route } from '../route-table';

/** `/healthz`: the process is up. `/readyz`: the database answers. */
export function healthRoutes(ready: () => Promise<void>): Router {
  const router = Router();
  route(router, '/healthz', { get: [(_req, res) => void res.json({ status: 'ok' })] });
  route(router, '/readyz', {
    get: [
      async (_req, res) => {
        try {
          await ready();
          res.json({ status: 'ready' });
        } catch {
          sendProblem(res, { status: 503, code: 'not_ready', detail: 'the database does not answer' });
        }
      },
    ],
  });
  return router;
}
