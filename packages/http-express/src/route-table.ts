import { notFound } from '@groundfloor/domain';
import { type RequestHandler, Router } from 'express';
import { isStorableText } from './dto/storable-text';
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
  // Paths are case-sensitive: `/secrets/COMPARE` is the secret named COMPARE,
  // not the compare route, as `/flags/Runtime` is the flag named Runtime.
  const router = Router({ caseSensitive: true });
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

/**
 * A path parameter's text. Text no row can hold (`storable-text.ts`) names
 * nothing: 404 here, before it reaches a lookup the database would refuse.
 */
export const param = (value: string | string[] | undefined): string => {
  const text = Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  if (!isStorableText(text)) throw notFound('not_found', 'nothing is named by this path');
  return text;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a request's path must match for a route (or a guard) to be able to
 * match it: the route's literal segments, a parameter standing for any one
 * segment. A route's whole path when it is that simple (`end` true: nothing
 * may follow); otherwise the segments before anything that could span
 * segments or be optional, and anything may follow.
 */
function pathPattern(path: string): { pattern: string; end: boolean } {
  const parts: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    if (/^:[A-Za-z_][A-Za-z0-9_]*$/.test(segment)) parts.push('[^/]+');
    else if (segment !== '' && !/[:*{}()?+]/.test(segment)) parts.push(escapeRegExp(segment));
    else return { pattern: parts.join('/'), end: false };
  }
  return { pattern: parts.join('/'), end: true };
}

/** What `pathTestOf` reads of a router's layers. */
interface StackLayer {
  readonly route?: { readonly path: unknown };
}

/**
 * A test of the request's path that admits whatever any route or guard of
 * the router could match (and a little more, never less): case-insensitive
 * like Express's routing, a trailing slash allowed, and every path under a
 * guard's prefix. Read from the router's own layers, so a route registered
 * without `route()` counts too. Null (every path goes in) when the router
 * holds middleware other than its guards, or a path that is not a string.
 */
function pathTestOf(router: Router): RegExp | null {
  const stack = (router as unknown as { stack: readonly StackLayer[] }).stack;
  const guards = GUARDS.get(router) ?? [];
  if (stack.filter((layer) => !layer.route).length > guards.length) return null;
  const alternatives = new Set<string>();
  for (const layer of stack) {
    const path = layer.route?.path;
    if (path === undefined) continue;
    if (typeof path !== 'string') return null;
    const { pattern, end } = pathPattern(path);
    if (pattern === '' && !end) return null;
    alternatives.add(end ? `${pattern}/?$` : `${pattern}(?:/|$)`);
  }
  for (const g of guards) alternatives.add(`${pathPattern(g.prefix).pattern}(?:/|$)`);
  if (alternatives.size === 0) return null;
  return new RegExp(`^/(?:${[...alternatives].join('|')})`);
}

/**
 * Every route group as one middleware: a request goes only through the
 * groups whose routes could match its path, in their order, instead of
 * Express walking each layer of each group (hundreds of routes, tried in
 * turn). What answers a request does not change: a group that passes it on
 * hands it to the next candidate, and an error goes straight on to the
 * error handler, as between groups mounted one by one.
 */
export function routeGroups(groups: readonly Router[]): RequestHandler & { groups: readonly Router[] } {
  const gates = groups.map((router) => ({ router, test: pathTestOf(router) }));
  const dispatch: RequestHandler = (req, res, next) => {
    const path = req.path;
    let i = 0;
    const step = (error?: unknown): void => {
      if (error !== undefined && error !== null && error !== 'route' && error !== 'router') {
        next(error);
        return;
      }
      while (i < gates.length) {
        const gate = gates[i++] as (typeof gates)[number];
        if (gate.test === null || gate.test.test(path)) {
          gate.router(req, res, step);
          return;
        }
      }
      next();
    };
    step();
  };
  // Listed by `listRoutes`, which walks what the application serves.
  return Object.assign(dispatch, { groups });
}
