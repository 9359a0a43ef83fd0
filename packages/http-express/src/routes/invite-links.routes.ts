import { invalid, type UseCases } from '@groundfloor/domain';
import type { RequestHandler, Router } from 'express';
import { AppUserTokenRequestDto, InviteLinkTokenDto, RedeemInviteLinkDto } from '../dto/app-user.dto';
import {
  AppUserTokenPairSchema,
  InviteLinkInspectionSchema,
  inviteLinkInspectionJson,
  RedeemedInviteLinkSchema,
} from '../mappers/app-user.mapper';
import { clientIp } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

/** The public invite-link routes, which share one limit per address. */
const PUBLIC_INVITE_LINK_PATHS = new Set([
  '/v1/public/invite-links/inspect',
  '/v1/public/invite-links/redeem',
]);

/**
 * Counts a request to the public invite-link routes before its body is read
 * (spec, Limits: 10 requests a minute per address): a malformed or invalid
 * body counts like any other, so the limit cannot be walked around.
 */
export function admitPublicInviteRequests(useCases: UseCases): RequestHandler {
  return async (req, _res, next) => {
    // Matched as the router matches: the case as written, one trailing slash.
    const path = req.path.replace(/(.)\/$/, '$1');
    if (req.method === 'POST' && PUBLIC_INVITE_LINK_PATHS.has(path))
      await useCases.inviteLinks.admit.execute({ ip: clientIp(req) });
    next();
  };
}

/**
 * The public routes of app users (no token): invite-link inspect and redeem
 * (10 requests a minute per address, both together), and the app-user token
 * route (supplement §15).
 */
export function appUserPublicRoutes(useCases: UseCases): Router {
  const router = apiRouter('App users');

  route(router, '/v1/public/invite-links/inspect', {
    post: {
      id: 'inspectInviteLink',
      summary: 'Check an invite (or reset) link before showing its form',
      description: 'Does not use the link up. 410 for any link that cannot be used.',
      callers: [],
      body: InviteLinkTokenDto,
      responses: { 200: InviteLinkInspectionSchema },
      errors: ['link_unusable', 'public_rate_limited'],
      handlers: [
        async (req, res) => {
          const body = parseBody(InviteLinkTokenDto, req.body);
          const found = await useCases.inviteLinks.inspect.execute({ token: body.token });
          res.json(inviteLinkInspectionJson(found));
        },
      ],
    },
  });

  route(router, '/v1/public/invite-links/redeem', {
    post: {
      id: 'redeemInviteLink',
      summary: 'Choose a password with an invite (or reset) link',
      description:
        'Sets the password, marks the email verified, uses the link up and makes every other link of the user ' +
        'unusable. A password the policy refuses (422) or that could not be saved (502) leaves the link ' +
        'usable; 5 such failures with one link in 10 minutes, then 429.',
      callers: [],
      body: RedeemInviteLinkDto,
      responses: { 200: RedeemedInviteLinkSchema },
      errors: [
        'link_unusable',
        'invalid_password',
        'too_many_redeem_attempts',
        'password_not_saved',
        'password_hashing_busy',
        'public_rate_limited',
      ],
      handlers: [
        async (req, res) => {
          const body = parseBody(RedeemInviteLinkDto, req.body);
          const { signInUrl } = await useCases.inviteLinks.redeem.execute({
            token: body.token,
            password: body.password,
            ip: clientIp(req),
          });
          res.json({ sign_in_url: signInUrl });
        },
      ],
    },
  });

  route(router, '/v1/public/workspaces/:workspace_id/token', {
    post: {
      id: 'createAppUserToken',
      summary: 'An app user signs in, or renews their tokens',
      description:
        'Send `{email, password}` (optionally `app_id`, and `new_password`, which a temporary password ' +
        'requires) to sign in, or `{refresh_token}` to rotate: each refresh token works once and reusing a ' +
        'spent one ends the session. Needs the workspace’s platform sign-in active (409). 10 failures for ' +
        'one user in 10 minutes: 429. Access tokens last 5 minutes, refresh tokens 30 days.',
      callers: [],
      body: AppUserTokenRequestDto,
      responses: { 200: AppUserTokenPairSchema },
      errors: [
        'workspace_not_found',
        'platform_sign_in_required',
        'app_not_found',
        'invalid_sign_in_app',
        'invalid_credentials',
        'invalid_refresh_token',
        'invalid_token_request',
        'password_change_required',
        'invalid_password',
        'too_many_sign_in_attempts',
        'password_hashing_busy',
        'password_not_saved',
        'password_save_timeout',
      ],
      handlers: [
        uuidParams('workspace_id'),
        async (req, res) => {
          const body = parseBody(AppUserTokenRequestDto, req.body);
          const ip = clientIp(req);
          const workspaceId = param(req.params.workspace_id);
          const signIn = body.email !== undefined || body.password !== undefined;
          const refresh = body.refresh_token !== undefined;
          if (refresh && !signIn && body.grant_type !== 'password') {
            const pair = await useCases.appUserTokens.refresh.execute({
              workspaceId,
              refreshToken: body.refresh_token as string,
              ip,
            });
            res.json(pair);
            return;
          }
          if (
            signIn &&
            !refresh &&
            body.email !== undefined &&
            body.password !== undefined &&
            body.grant_type !== 'refresh_token'
          ) {
            const pair = await useCases.appUserTokens.signIn.execute({
              workspaceId,
              email: body.email,
              password: body.password,
              appId: body.app_id?.toLowerCase(),
              newPassword: body.new_password,
              ip,
            });
            res.json(pair);
            return;
          }
          throw invalid('invalid_token_request', 'send either {email, password} or {refresh_token}', [
            { field: 'body', message: 'send either {email, password} or {refresh_token}' },
          ]);
        },
      ],
    },
  });

  return router;
}
