import { createHash, timingSafeEqual } from 'node:crypto';
import { forbidden, type TeamPrincipal, type UseCases, unauthenticated } from '@groundfloor/domain';
import type { Request, RequestHandler, Response } from 'express';

export function bearerToken(req: Request): string | null {
  const header = req.get('authorization');
  if (!header) return null;
  const match = /^Bearer\s+([^\s]+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Team routes. Deny by default: no token, or one that does not verify, is
 * 401. A session on a temporary password only reaches the routes that let
 * it change that password (supplement §3).
 */
export function requireTeam(
  useCases: UseCases,
  options: { allowPasswordChange?: boolean } = {},
): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (!token) throw unauthenticated('missing_token', 'this route needs a Bearer access token');
    const principal = await useCases.authenticateTeam.execute(token);
    if (principal.passwordChangeRequired && !options.allowPasswordChange) {
      throw forbidden('password_change_required', 'choose a new password with POST /v1/me/password first');
    }
    res.locals.principal = principal;
    next();
  };
}

export function teamPrincipal(res: Response): TeamPrincipal {
  const principal = res.locals.principal as TeamPrincipal | undefined;
  if (!principal) throw unauthenticated('missing_token', 'this route needs a Bearer access token');
  return principal;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `/v1/operator/*`: only the operator token, compared in constant time; anything else 401. */
export function requireOperator(operatorToken: string): RequestHandler {
  const expected = digest(operatorToken);
  return (req, _res, next) => {
    const token = bearerToken(req);
    if (!token || !timingSafeEqual(digest(token), expected)) {
      throw unauthenticated('invalid_operator_token', 'this route needs the operator token');
    }
    next();
  };
}
