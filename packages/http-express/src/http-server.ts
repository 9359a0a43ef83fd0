import { createServer, IncomingMessage, type Server, ServerResponse } from 'node:http';
import type { Express } from 'express';

const SERVED = new WeakMap<Express, { request: typeof IncomingMessage; response: typeof ServerResponse }>();

/**
 * The HTTP server for an application made by `createApp`, whose requests
 * and responses are born with the application's prototypes.
 *
 * For every request, Express's `app.handle` gives the request and the
 * response the application's prototypes (`Object.setPrototypeOf`). On an
 * object that already has a prototype, V8 has to give it a new hidden
 * class, and on Node 20 that made each request's objects outlive several
 * young-generation collections: a third of everything a request allocated
 * was copied and promoted, the old generation was marked and compacted
 * every few hundred milliseconds (a hello-world) to every two seconds (this
 * server's cached read), and a hello-world served a third of what it does
 * without it (docs/performance.md, "Express's prototype swap"). Here the
 * server makes requests and responses from classes whose prototypes are
 * the application's own, so the swap finds them already in place and
 * changes nothing. What the objects are and can do is the same either way.
 */
export function createHttpServer(app: Express): Server {
  let classes = SERVED.get(app);
  if (!classes) {
    class Request extends IncomingMessage {}
    class Response<R extends IncomingMessage = IncomingMessage> extends ServerResponse<R> {}
    adopt(app, 'request', Request.prototype);
    adopt(app, 'response', Response.prototype);
    classes = { request: Request, response: Response };
    SERVED.set(app, classes);
  }
  return createServer({ IncomingMessage: classes.request, ServerResponse: classes.response }, app);
}

/**
 * Makes `prototype` the application's `app.request` (or `app.response`):
 * the same own properties (`app`) and the same prototype behind them
 * (Express's request or response methods), so everything Express reads
 * through the old one it reads through this one.
 */
function adopt(app: Express, key: 'request' | 'response', prototype: object): void {
  const current = app[key] as object;
  Object.setPrototypeOf(prototype, Object.getPrototypeOf(current));
  Object.defineProperties(prototype, Object.getOwnPropertyDescriptors(current));
  (app as unknown as Record<string, object>)[key] = prototype;
}
