import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type CallerKind,
  forbidden,
  type Principal,
  type TeamPrincipal,
  type UseCases,
  unauthenticated,
} from '@groundfloor/domain';
import type { Request, RequestHandler, Response } from 'express';
import { accepting } from '../openapi/accepts';

export function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([^\s]+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export interface CallerRequirements {
  /** The caller kinds the route accepts (supplement §3); any other valid token is 403. */
  readonly kinds: readonly CallerKind[];
  /** Whether a team session on a temporary password may use the route. */
  readonly allowPasswordChange?: boolean;
}

/**
 * Deny by default: no token, or one no caller kind recognises, is 401; a
 * valid token of a kind the route does not accept is 403. A team session on
 * a temporary password only reaches the routes that let it change that
 * password (supplement §3).
 */
export function requireCaller(useCases: UseCases, requirements: CallerRequirements): RequestHandler {
  const accepts = { callers: requirements.kinds, passwordChange: requirements.allowPasswordChange ?? false };
  return accepting(async (req, res, next) => {
    const token = bearerToken(req);
    if (!token) throw unauthenticated('missing_token', 'this route needs a Bearer access token');
    const principal = await useCases.authenticateCaller.execute(token);
    if (!requirements.kinds.includes(principal.kind)) {
      throw forbidden('caller_kind_not_allowed', `this route does not accept ${principal.kind} tokens`);
    }
    if (principal.kind === 'team' && principal.passwordChangeRequired && !requirements.allowPasswordChange) {
      throw forbidden('password_change_required', 'choose a new password with POST /v1/me/password first');
    }
    res.locals.principal = principal;
    next();
  }, accepts);
}

/** Team members only: the default of most routes. */
export const requireTeam = (
  useCases: UseCases,
  options: { allowPasswordChange?: boolean } = {},
): RequestHandler => requireCaller(useCases, { kinds: ['team'], ...options });

export function principalOf(res: Response): Principal {
  const principal = res.locals.principal as Principal | undefined;
  if (!principal) throw unauthenticated('missing_token', 'this route needs a Bearer access token');
  return principal;
}

/** The team member behind a route that accepts only team callers. */
export function teamPrincipal(res: Response): TeamPrincipal {
  const principal = principalOf(res);
  if (principal.kind !== 'team') throw forbidden('caller_kind_not_allowed', 'this route needs a team member');
  return principal;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `/v1/operator/*`: only the operator token, compared in constant time; anything else 401. */
export function requireOperator(operatorToken: string): RequestHandler {
  const expected = digest(operatorToken);
  const handler: RequestHandler = (req, _res, next) => {
    const token = bearerToken(req);
    if (!token || !timingSafeEqual(digest(token), expected)) {
      throw unauthenticated('invalid_operator_token', 'this route needs the operator token');
    }
    next();
  };
  return accepting(handler, { callers: ['operator'], passwordChange: false });
}
