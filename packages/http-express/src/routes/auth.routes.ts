import { invalid, type UseCases } from '@groundfloor/domain';
import type { Router } from 'express';
import {
  ChangePasswordDto,
  LogoutDto,
  PasswordLinkInspectDto,
  PasswordLinkRedeemDto,
  TokenRequestDto,
} from '../dto/auth.dto';
import {
  CapabilitiesSchema,
  PasswordLinkSchema,
  RedeemedPasswordLinkSchema,
  TokenPairSchema,
  tokenPairJson,
} from '../mappers/account.mapper';
import { MeSchema, meJson } from '../mappers/resources.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import { clientIp } from '../request-context';
import { apiRouter, route } from '../route-table';
import { parseBody } from '../validation';

/** Team sign-in, refresh, logout, the caller's own account and set-password links (supplement §3, §5). */
export function authRoutes(useCases: UseCases): Router {
  const router = apiRouter('Authentication');
  const team = requireTeam(useCases);
  const teamMayChangePassword = requireTeam(useCases, { allowPasswordChange: true });

  route(router, '/v1/auth/token', {
    post: {
      id: 'createToken',
      summary: 'Sign in, or refresh a session',
      description:
        'Send `{email, password}` to sign in or `{refresh_token}` to rotate a session: each refresh token works once, ' +
        'and reusing a spent one ends the session. `grant_type`, when sent, must name the form used.',
      callers: [],
      body: TokenRequestDto,
      responses: { 200: TokenPairSchema },
      errors: [
        'password_hashing_busy',
        'invalid_credentials',
        'invalid_refresh_token',
        'invalid_token_request',
        'too_many_sign_in_attempts',
      ],
      handlers: [
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
            res.json(
              tokenPairJson(await useCases.refreshSession.execute({ refreshToken: body.refresh_token, ip })),
            );
            return;
          }
          if (
            body.email !== undefined &&
            body.password !== undefined &&
            body.refresh_token === undefined &&
            grant !== 'refresh_token'
          ) {
            res.json(
              tokenPairJson(
                await useCases.signIn.execute({ email: body.email, password: body.password, ip }),
              ),
            );
            return;
          }
          throw invalid('invalid_token_request', 'send either {email, password} or {refresh_token}', [
            { field: 'body', message: 'send either {email, password} or {refresh_token}' },
          ]);
        },
      ],
    },
  });

  route(router, '/v1/auth/logout', {
    post: {
      id: 'logout',
      summary: 'End the session of a refresh token',
      description:
        'Its access tokens stop working at once. A refresh token of a session already ended answers 204 too.',
      callers: [],
      body: LogoutDto,
      responses: { 204: null },
      errors: ['invalid_refresh_token'],
      handlers: [
        async (req, res) => {
          const body = parseBody(LogoutDto, req.body);
          await useCases.logout.execute({ refreshToken: body.refresh_token, ip: clientIp(req) });
          res.status(204).end();
        },
      ],
    },
  });

  route(router, '/v1/me', {
    get: {
      id: 'getMe',
      summary: 'The signed-in team member and their memberships',
      description: 'Works on a temporary password too.',
      tags: ['Me'],
      callers: ['team'],
      responses: { 200: MeSchema },
      errors: ['user_not_found'],
      handlers: [
        teamMayChangePassword,
        async (_req, res) => {
          const { user, memberships } = await useCases.getMe.execute({ userId: teamPrincipal(res).userId });
          res.json(meJson(user, memberships));
        },
      ],
    },
  });

  route(router, '/v1/me/capabilities', {
    get: {
      id: 'getMyCapabilities',
      summary: 'What the signed-in member may do beyond their memberships',
      tags: ['Me'],
      callers: ['team'],
      responses: { 200: CapabilitiesSchema },
      handlers: [team, (_req, res) => void res.json(useCases.getCapabilities.execute())],
    },
  });

  route(router, '/v1/me/password', {
    post: {
      id: 'changeMyPassword',
      summary: 'Change the signed-in member’s password',
      description: 'Ends every other session of the member. Works on a temporary password (and ends it).',
      tags: ['Me'],
      callers: ['team'],
      body: ChangePasswordDto,
      responses: { 204: null },
      errors: [
        'password_hashing_busy',
        'invalid_current_password',
        'invalid_password',
        'too_many_sign_in_attempts',
        'user_not_found',
      ],
      handlers: [
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
    },
  });

  route(router, '/v1/public/password-links/inspect', {
    post: {
      id: 'inspectPasswordLink',
      summary: 'Check a set-password link before showing its form',
      callers: [],
      body: PasswordLinkInspectDto,
      responses: { 200: PasswordLinkSchema },
      errors: ['link_unusable'],
      handlers: [
        async (req, res) => {
          const body = parseBody(PasswordLinkInspectDto, req.body);
          const result = await useCases.inspectPasswordLink.execute({ token: body.token });
          res.json({ email_masked: result.email_masked, expires_at: result.expires_at.toISOString() });
        },
      ],
    },
  });

  route(router, '/v1/public/password-links/redeem', {
    post: {
      id: 'redeemPasswordLink',
      summary: 'Set a password with a set-password link',
      description: 'The link works once. Then sign in with the email answered.',
      callers: [],
      body: PasswordLinkRedeemDto,
      responses: { 200: RedeemedPasswordLinkSchema },
      errors: ['password_hashing_busy', 'link_unusable', 'invalid_password'],
      handlers: [
        async (req, res) => {
          const body = parseBody(PasswordLinkRedeemDto, req.body);
          const { email } = await useCases.redeemPasswordLink.execute({
            token: body.token,
            password: body.password,
            ip: clientIp(req),
          });
          res.json({ email });
        },
      ],
    },
  });

  return router;
}
