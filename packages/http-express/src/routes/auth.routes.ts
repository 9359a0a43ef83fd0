import { invalid, type UseCases } from '@groundfloor/domain';
import { Router } from 'express';
import {
  ChangePasswordDto,
  LogoutDto,
  PasswordLinkInspectDto,
  PasswordLinkRedeemDto,
  TokenRequestDto,
} from '../dto/auth.dto';
import { meJson } from '../mappers/resources.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import { clientIp } from '../request-context';
import { route } from '../route-table';
import { parseBody } from '../validation';

/** Team sign-in, refresh, logout, the caller's own account and set-password links (supplement §3, §5). */
export function authRoutes(useCases: UseCases): Router {
  const router = Router();
  const team = requireTeam(useCases);
  const teamMayChangePassword = requireTeam(useCases, { allowPasswordChange: true });

  route(router, '/v1/auth/token', {
    post: [
      async (req, res) => {
        const body = parseBody(TokenRequestDto, req.body);
        const ip = clientIp(req);
        const grant = body.grant_type;
        if (
          body.refresh_token !== undefined &&
          body.email === undefined &&
          body.password === undefined &&
          grant !== 'password'
        ) {
          res.json(await useCases.refreshSession.execute({ refreshToken: body.refresh_token, ip }));
          return;
        }
        if (
          body.email !== undefined &&
          body.password !== undefined &&
          body.refresh_token === undefined &&
          grant !== 'refresh_token'
        ) {
          res.json(await useCases.signIn.execute({ email: body.email, password: body.password, ip }));
          return;
        }
        throw invalid('invalid_token_request', 'send either {email, password} or {refresh_token}', [
          { field: 'body', message: 'send either {email, password} or {refresh_token}' },
        ]);
      },
    ],
  });

  route(router, '/v1/auth/logout', {
    post: [
      async (req, res) => {
        const body = parseBody(LogoutDto, req.body);
        await useCases.logout.execute({ refreshToken: body.refresh_token, ip: clientIp(req) });
        res.status(204).end();
      },
    ],
  });

  route(router, '/v1/me', {
    get: [
      teamMayChangePassword,
      async (_req, res) => {
        const { user, memberships } = await useCases.getMe.execute({ userId: teamPrincipal(res).userId });
        res.json(meJson(user, memberships));
      },
    ],
  });

  route(router, '/v1/me/capabilities', {
    get: [team, (_req, res) => void res.json(useCases.getCapabilities.execute())],
  });

  route(router, '/v1/me/password', {
    post: [
      teamMayChangePassword,
      async (req, res) => {
        const body = parseBody(ChangePasswordDto, req.body);
        const principal = teamPrincipal(res);
        await useCases.changePassword.execute({
          userId: principal.userId,
          sessionId: principal.sessionId,
          currentPassword: body.current_password,
          newPassword: body.new_password,
          ip: clientIp(req),
        });
        res.status(204).end();
      },
    ],
  });

  route(router, '/v1/public/password-links/inspect', {
    post: [
      async (req, res) => {
        const body = parseBody(PasswordLinkInspectDto, req.body);
        const result = await useCases.inspectPasswordLink.execute({ token: body.token });
        res.json({ email_masked: result.email_masked, expires_at: result.expires_at.toISOString() });
      },
    ],
  });

  route(router, '/v1/public/password-links/redeem', {
    post: [
      async (req, res) => {
        const body = parseBody(PasswordLinkRedeemDto, req.body);
        res.json(
          await useCases.redeemPasswordLink.execute({
            token: body.token,
            password: body.password,
            ip: clientIp(req),
          }),
        );
      },
    ],
  });

  return router;
}
