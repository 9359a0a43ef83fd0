import { Type } from '@sinclair/typebox';
import type { Router } from 'express';
import { Resource } from '../openapi/schema';
import { sendProblem } from '../problem';
import { apiRouter, route } from '../route-table';

const Health = Resource('Health', { status: Type.Literal('ok') });
const Ready = Resource('Ready', { status: Type.Literal('ready') });

/** `/healthz`: the process is up. `/readyz`: the database answers. */
/** A reason not to take traffic other than the database: its message is the 503's detail. */
export class NotReady extends Error {}

export function healthRoutes(ready: () => Promise<void>): Router {
  const router = apiRouter('Health');
  route(router, '/healthz', {
    get: {
      id: 'getHealth',
      summary: 'The process is up',
      callers: [],
      responses: { 200: Health },
      handlers: [(_req, res) => void res.json({ status: 'ok' })],
    },
  });
  route(router, '/readyz', {
    get: {
      id: 'getReadiness',
      summary: 'The database answers',
      description: 'For load balancers: 503 while the database does not answer, and once shutdown begins.',
      callers: [],
      responses: { 200: Ready },
      errors: ['not_ready'],
      handlers: [
        async (_req, res) => {
          try {
            await ready();
            res.json({ status: 'ready' });
          } catch (err) {
            const detail = err instanceof NotReady ? err.message : 'the database does not answer';
            sendProblem(res, { status: 503, code: 'not_ready', detail });
          }
        },
      ],
    },
  });
  return router;
}
