import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';

/** One finished request, for metrics: the route as declared (`/v1/workspaces/:workspace_id`), never the raw path. */
export interface FinishedRequest {
  readonly method: string;
  /** The matched route template, `unmatched` for a 404 no route answered. */
  readonly route: string;
  readonly status: number;
  readonly seconds: number;
}

export type RequestObserver = (request: FinishedRequest) => void;

/** The template of the route that answered, with the router's mount path; never ids or query strings. */
function routeTemplate(req: Request): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : 'unmatched';
}

/**
 * One line per request: method, path without its query string, status,
 * duration and request id. Headers, query strings and bodies are never
 * logged: they are where tokens and passwords travel.
 *
 * Written by hand rather than with pino-http, which builds a child logger
 * and serializes request and response objects for every request: on a
 * cached read that was a visible share of the whole request's CPU time.
 *
 * `lines` may be a logger without redaction: this line is built here from
 * fixed, harmless parts (no header, query string or body), so redaction,
 * about 7 µs a line, would find nothing in it. Everything else logged
 * during the request (`res.locals.logger`) keeps the redacting `logger`.
 */
export function requestLogging(
  logger: Logger,
  observe?: RequestObserver,
  lines: Logger = logger,
): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.locals.logger = logger;
    // 'close' comes once per response; `on` spares the wrapper `once` adds and removes.
    res.on('close', () => {
      const status = res.statusCode;
      const elapsed = performance.now() - started;
      observe?.({ method: req.method, route: routeTemplate(req), status, seconds: elapsed / 1000 });
      const id = res.locals.requestId as string;
      const line = {
        request_id: id,
        req: { id, method: req.method, path: pathOf(req.originalUrl) },
        res: { status },
        responseTime: Math.round(elapsed),
      };
      if (!res.writableFinished) lines.warn(line, 'request aborted');
      else if (status >= 500) lines.error(line, 'request errored');
      else lines.info(line, 'request completed');
    });
    next();
  };
}

const pathOf = (url: string): string => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/** The request's logger (bound by requestLogging), for whoever must log beside the request line. */
export const requestLogger = (res: Response): Logger | undefined => res.locals.logger as Logger | undefined;
