import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

const SAFE_ID = /^[A-Za-z0-9._-]{1,128}$/;

const requestScope = new AsyncLocalStorage<{ readonly requestId: string }>();

/**
 * The id of the request whose work is running now, wherever the call comes
 * from (a use case, an adapter, the mail outbox); undefined outside a request.
 * The logger stamps it on every line, so every line of one request can be found.
 */
export const currentRequestId = (): string | undefined => requestScope.getStore()?.requestId;

/**
 * Keeps a caller's X-Request-Id when it is harmless, otherwise makes one;
 * echoed on the response, and current for everything the request runs.
 */
export const requestId: RequestHandler = (req, res, next) => {
  // The raw header, not req.get(): every request passes here.
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  requestScope.run({ requestId: id }, next);
};
