import { notFound } from '@groundfloor/domain';
import { type RequestHandler, Router } from 'express';
import { type Accepts, acceptedBy } from './openapi/accepts';
import type { Operation } from './openapi/operation';
import { sendProblem } from './problem';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type Operations = Partial<Record<Method, Operation>>;

/** An operation as registered: where it is served and what enforces its callers. */
export interface RegisteredOperation {
  readonly method: Method;
  /** Express syntax (`:name` parameters). */
  readonly path: string;
  readonly operation: Operation;
  readonly tag: string;
  /** What the authentication in front of it accepts (absent on public routes). */
  readonly accepts?: Accepts;
  /** HEAD is refused (405) although GET is served. */
  readonly headRefused: boolean;
}

interface Guard {
  readonly prefix: string;
  readonly accepts: Accepts;
}

const TAGS = new WeakMap<Router, string>();
const GUARDS = new WeakMap<Router, Guard[]>();
const REGISTERED = new WeakMap<Router, RegisteredOperation[]>();

/** A router whose operations are listed in the reference under `tag` (unless they name their own). */
export function apiRouter(tag: string): Router {
  const router = Router();
  TAGS.set(router, tag);
  return router;
}

/**
 * Authentication for every path under `prefix` of this router, including
 * unknown paths and unknown methods (which answer 401, not 404 or 405).
 */
export function guard(router: Router, prefix: string, handler: RequestHandler): void {
  const accepts = acceptedBy(handler);
  if (!accepts) throw new Error(`guard on ${prefix}: the handler is not an authentication middleware`);
  router.use(prefix, handler);
  GUARDS.set(router, [...(GUARDS.get(router) ?? []), { prefix, accepts }]);
}

/** The operations registered on a router, in registration order. */
export const operationsOf = (router: Router): readonly RegisteredOperation[] => REGISTERED.get(router) ?? [];

const sameCallers = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((caller) => b.includes(caller));

/** The authentication in front of an operation: in its own chain, or a guard of its router. */
function enforcedFor(router: Router, path: string, operation: Operation): Accepts | undefined {
  const own = operation.handlers.map(acceptedBy).find((a) => a !== undefined);
  const guarded = (GUARDS.get(router) ?? []).find(
    (g) => path === g.prefix || path.startsWith(`${g.prefix}/`),
  );
  return own ?? guarded?.accepts;
}

/**
 * Registers one described operation without the 405 catch-all of `route()`:
 * for paths shared with another route (the secrets compare and promote
 * special cases), where an unmatched request must fall through.
 */
export function addOperation(
  router: Router,
  method: Method,
  path: string,
  operation: Operation,
  options: { headRefused?: boolean } = {},
): void {
  const accepts = enforcedFor(router, path, operation);
  const enforced = accepts?.callers ?? [];
  if (!sameCallers(enforced, operation.callers)) {
    throw new Error(
      `${method.toUpperCase()} ${path} is described as accepting [${operation.callers.join(', ')}] ` +
        `but its authentication accepts [${enforced.join(', ')}]`,
    );
  }
  router[method](path, ...operation.handlers);
  const registered: RegisteredOperation = {
    method,
    path,
    operation,
    tag: TAGS.get(router) ?? 'Other',
    ...(accepts ? { accepts } : {}),
    headRefused: options.headRefused ?? false,
  };
  REGISTERED.set(router, [...operationsOf(router), registered]);
}

/**
 * Registers every method of one path together, so that any other method on
 * a known path answers 405 with an Allow header instead of falling to 404.
 * Express answers HEAD with the GET handler; `head: false` refuses it where
 * a GET has effects beyond reading (a secret reveal is audited).
 */
export function route(
  router: Router,
  path: string,
  operations: Operations,
  options: { head?: boolean } = {},
): void {
  const allowed: string[] = [];
  const methodNotAllowed: RequestHandler = (_req, res) => {
    res.setHeader('Allow', allowed.join(', '));
    sendProblem(res, { status: 405, code: 'method_not_allowed', detail: `allowed: ${allowed.join(', ')}` });
  };
  if (options.head === false) router.head(path, methodNotAllowed);
  for (const [method, operation] of Object.entries(operations) as [Method, Operation][]) {
    addOperation(router, method, path, operation, {
      headRefused: method === 'get' && options.head === false,
    });
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
