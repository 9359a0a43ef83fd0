import type { RequestContext } from '@groundfloor/domain';
import { OPERATOR } from '@groundfloor/domain';
import type { Request, Response } from 'express';
import { teamPrincipal } from './middleware/authenticate';

export const clientIp = (req: Request): string | null => req.ip ?? null;

export function userContext(req: Request, res: Response): RequestContext {
  return { actor: { kind: 'user', id: teamPrincipal(res).userId }, ip: clientIp(req) };
}

export function operatorContext(req: Request): RequestContext {
  return { actor: OPERATOR, ip: clientIp(req) };
}
