import { invalid, type RequestContext } from '@groundfloor/domain';
import type { Request, Response } from 'express';
import { principalOf } from './middleware/authenticate';
import { clientIp } from './request-context';

/** The audit actor of a route that accepts team members, M2M clients, workloads or app users. */
export function callerContext(req: Request, res: Response): RequestContext {
  const principal = principalOf(res);
  const actor =
    principal.kind === 'team'
      ? { kind: 'user' as const, id: principal.userId }
      : principal.kind === 'm2m'
        ? { kind: 'm2m' as const, id: principal.clientId }
        : principal.kind === 'workload'
          ? { kind: 'workload' as const, id: principal.workloadId }
          : { kind: 'app_user' as const, id: principal.userId };
  return { actor, ip: clientIp(req) };
}

/** One optional query parameter; repeating it is a 422. */
export function queryText(req: Request, name: string): string | undefined {
  const value = req.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw invalid('validation_failed', `${name} must be given once`, [
      { field: name, message: 'must be given once, as text' },
    ]);
  }
  return value;
}

/** One required query parameter. */
export function requiredQueryText(req: Request, name: string): string {
  const value = queryText(req, name);
  if (value === undefined || value === '') {
    throw invalid('validation_failed', `${name} is required`, [{ field: name, message: 'required' }]);
  }
  return value;
}
