import { notFound } from '@groundfloor/domain';
import type { RequestHandler, Router } from 'express';
import { sendProblem } from './problem';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type Handlers = Partial<Record<Method, RequestHandler[]>>;

/**
 * Registers every method of one path together, so that any other method on
 * a known path answers 405 with an Allow header instead of falling to 404.
 * Express answers HEAD with the GET handler; `head: false` refuses it where
 * a GET has effects beyond reading (a secret reveal is audited).
 */
export function route(
  router: Router,
  path: string,
  handlers: Handlers,
  options: { head?: boolean } = {},
): void {
  const allowed: string[] = [];
  const methodNotAllowed: RequestHandler = (_req, res) => {
    res.setHeader('Allow', allowed.join(', '));
    sendProblem(res, { status: 405, code: 'method_not_allowed', detail: `allowed: ${allowed.join(', ')}` });
  };
  if (options.head === false) router.head(path, methodNotAllowed);
  for (const [method, chain] of Object.entries(handlers) as [Method, RequestHandler[]][]) {
    router[method](path, ...chain);
    allowed.push(method.toUpperCase());
  }
  if (allowed.includes('GET') && options.head !== false) allowed.push('HEAD');
  router.all(path, methodNotAllowed);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Path ids that are not UUIDs name nothing: 404, before any lookup. Valid
 * ones are lowered in place (UUIDs are case-insensitive, and the domain
 * compares ids as stored), so an id sent in upper case names the same thing.
 */
export function uuidParams(...names: string[]): RequestHandler {
  return (req, _res, next) => {
    for (const name of names) {
      const value = req.params[name];
      if (typeof value !== 'string' || !UUID.test(value))
        throw notFound('not_found', `no such ${name.replace(/_id$|Id$/, '')}`);
      req.params[name] = value.toLowerCase();
    }
    next();
  };
}

export const param = (value: string | string[] | undefined): string =>
  Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
