import type { Express } from 'express';

/** One method on one path, as Express will dispatch it (path in Express syntax, `:name` parameters). */
export interface RegisteredRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
}

interface Layer {
  readonly route?: { readonly path: string; readonly methods: Record<string, boolean> };
  readonly handle?: {
    readonly stack?: readonly Layer[];
    /** The routers behind `routeGroups`. */
    readonly groups?: readonly { readonly stack: readonly Layer[] }[];
  };
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * Every route the application serves, read from Express's own router stack
 * (so a route registered outside `route()` is listed too). The catch-all
 * 405 handlers (`all`) and HEAD are left out: they answer for a route, they
 * are not one. Sorted by path, then method, without duplicates.
 */
export function listRoutes(app: Express): RegisteredRoute[] {
  const found = new Map<string, RegisteredRoute>();
  const walk = (stack: readonly Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (!on || !METHODS.has(method)) continue;
          const upper = method.toUpperCase() as RegisteredRoute['method'];
          found.set(`${upper} ${layer.route.path}`, { method: upper, path: layer.route.path });
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      } else if (layer.handle?.groups) {
        for (const group of layer.handle.groups) walk(group.stack);
      }
    }
  };
  const router = (app as unknown as { router: { stack: readonly Layer[] } }).router;
  walk(router.stack);
  return [...found.values()].sort((a, b) =>
    a.path === b.path ? a.method.localeCompare(b.method) : a.path.localeCompare(b.path),
  );
}
