import type { UseCases } from '@groundfloor/domain';
import type { Request, Response, Router } from 'express';
import { AddAppUserDto, AppUserPageQueryDto, InviteAppUserDto, UpdateAppUserDto } from '../dto/app-user.dto';
import {
  AddedAppUserSchema,
  AppUserListSchema,
  AppUserSchema,
  appUserJson,
  InviteLinkSchema,
  inviteLinkJson,
  PasswordResetAcceptedSchema,
  TemporaryPasswordSchema,
} from '../mappers/app-user.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import type { ProblemCode } from '../openapi/problem-codes';
import { userContext } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseBody, parseQuery } from '../validation';

const BASE = '/v1/workspaces/:workspace_id/users';
const READ: ProblemCode[] = ['workspace_not_found', 'permission_denied'];
const FROZEN: ProblemCode[] = ['workspace_frozen', 'organization_suspended'];
const ONE: ProblemCode[] = [...READ, 'app_user_not_found'];
/** Actions that give a way to sign in: refused while frozen, and without active platform sign-in. */
const CREDENTIALS: ProblemCode[] = [...READ, ...FROZEN, 'platform_sign_in_required'];
const PROFILE: ProblemCode[] = [
  'invalid_email',
  'invalid_name',
  'unknown_app_role',
  'app_not_found',
  'invalid_sign_in_app',
];

/**
 * Spec: App users (`/v1/workspaces/{workspace_id}/users`). Team members
 * only: M2M, workload and app users' own tokens get 403 on every one,
 * resend-invite, temporary-password and invite-link included
 * (Authentication item 4).
 */
export function appUsersRoutes(useCases: UseCases): Router {
  const router = apiRouter('App users');
  const team = requireTeam(useCases);
  const ws = uuidParams('workspace_id');
  const one = uuidParams('workspace_id', 'user_id');
  const { appUsers } = useCases;
  const scope = (req: Request, res: Response) => ({
    userId: teamPrincipal(res).userId,
    workspaceId: param(req.params.workspace_id),
  });
  const onUser = (req: Request, res: Response) => ({
    ...scope(req, res),
    appUserId: param(req.params.user_id),
    context: userContext(req, res),
  });

  route(router, BASE, {
    get: {
      id: 'listAppUsers',
      summary: 'The app users of a workspace, oldest first',
      description:
        '`first` skips (default 0); `limit` 1 to 200 (default 100). Works whatever the sign-in mode.',
      callers: ['team'],
      query: AppUserPageQueryDto,
      responses: { 200: AppUserListSchema },
      errors: [...READ, 'invalid_page'],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const query = parseQuery(AppUserPageQueryDto, req.query);
          const page = await appUsers.list.execute({
            ...scope(req, res),
            first: query.first,
            limit: query.limit,
          });
          res.json({
            users: page.users.map(appUserJson),
            first: page.first,
            limit: page.limit,
            total: page.total,
          });
        },
      ],
    },
    post: {
      id: 'inviteAppUser',
      summary: 'Invite an app user',
      description:
        'Makes a pending user (role `user` unless `role` says otherwise) and emails a set-password link valid ' +
        '72 hours through the workspace’s sign-in mail (`send_email: false` sends nothing). Someone who can ' +
        'already sign in is 409 and nothing is sent; inviting a still-pending user again is a resend, whose ' +
        'limits apply (429). `tenant_id` needs multi-tenant on (409).',
      callers: ['team'],
      body: InviteAppUserDto,
      responses: { 201: AppUserSchema },
      errors: [
        ...CREDENTIALS,
        ...PROFILE,
        'app_user_can_sign_in',
        'app_user_disabled',
        'invite_resend_too_soon',
        'invite_resend_limit',
        'multi_tenant_disabled',
        'tenant_not_found',
        'duplicate',
      ],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const body = parseBody(InviteAppUserDto, req.body);
          const { view } = await appUsers.invite.execute({
            ...scope(req, res),
            email: body.email,
            role: body.role,
            firstName: body.first_name,
            lastName: body.last_name,
            sendEmail: body.send_email,
            tenantId: body.tenant_id?.toLowerCase(),
            appId: body.app_id?.toLowerCase(),
            context: userContext(req, res),
          });
          res.status(201).json(appUserJson(view));
        },
      ],
    },
  });

  route(router, `${BASE}/add`, {
    post: {
      id: 'addAppUser',
      summary: 'Add an app user with a password',
      description:
        'Exactly one of `password` and `generate_password: true`. The password is set at once (temporary ' +
        'unless `temporary_password: false`; a generated one always is) and the email marked verified. An ' +
        'email with where to sign in and the role is sent, never the password. A generated password is ' +
        'answered here once (`temporary_password`). 504 when setting it timed out: it may or may not be set; ' +
        'retry with temporary-password.',
      callers: ['team'],
      body: AddAppUserDto,
      responses: { 201: AddedAppUserSchema },
      errors: [
        ...CREDENTIALS,
        ...PROFILE,
        'app_user_can_sign_in',
        'password_option_required',
        'generated_password_is_temporary',
        'invalid_password',
        'password_hashing_busy',
        'password_not_saved',
        'password_save_timeout',
        'duplicate',
      ],
      handlers: [
        team,
        ws,
        async (req, res) => {
          const body = parseBody(AddAppUserDto, req.body);
          const added = await appUsers.add.execute({
            ...scope(req, res),
            email: body.email,
            password: body.password,
            generatePassword: body.generate_password,
            temporaryPassword: body.temporary_password,
            role: body.role,
            appId: body.app_id?.toLowerCase(),
            firstName: body.first_name,
            lastName: body.last_name,
            context: userContext(req, res),
          });
          res.setHeader('Cache-Control', 'no-store');
          res.status(201).json({
            ...appUserJson(added.view),
            sign_in_url: added.signInUrl,
            temporary_password: added.temporaryPassword,
          });
        },
      ],
    },
  });

  route(router, `${BASE}/:user_id`, {
    get: {
      id: 'getAppUser',
      summary: 'One app user',
      callers: ['team'],
      responses: { 200: AppUserSchema },
      errors: ONE,
      handlers: [
        team,
        one,
        async (req, res) => {
          res.json(
            appUserJson(
              await appUsers.get.execute({ ...scope(req, res), appUserId: param(req.params.user_id) }),
            ),
          );
        },
      ],
    },
    patch: {
      id: 'updateAppUser',
      summary: 'Enable or disable an app user, or replace their roles',
      description:
        '`roles` is the full list. Disabling ends the user’s sessions at once. While the workspace is frozen ' +
        'only changes that take access away pass: disabling, removing roles (an empty list included).',
      callers: ['team'],
      body: UpdateAppUserDto,
      responses: { 200: AppUserSchema },
      errors: [...ONE, ...FROZEN, 'unknown_app_role'],
      handlers: [
        team,
        one,
        async (req, res) => {
          const body = parseBody(UpdateAppUserDto, req.body);
          const view = await appUsers.update.execute({
            ...onUser(req, res),
            patch: { enabled: body.enabled, roles: body.roles },
          });
          res.json(appUserJson(view));
        },
      ],
    },
    delete: {
      id: 'deleteAppUser',
      summary: 'Delete an app user',
      description:
        'With their links, sessions (their tokens stop working at once) and tenant memberships. Allowed while frozen.',
      callers: ['team'],
      responses: { 204: null },
      errors: ONE,
      handlers: [
        team,
        one,
        async (req, res) => {
          await appUsers.delete.execute(onUser(req, res));
          res.status(204).end();
        },
      ],
    },
  });

  route(router, `${BASE}/:user_id/reset-password`, {
    post: {
      id: 'resetAppUserPassword',
      summary: 'Email an app user a password reset link',
      description:
        'The link (72 hours) goes to the user’s address only; the current password works until it is used.',
      callers: ['team'],
      responses: { 202: PasswordResetAcceptedSchema },
      errors: [...ONE, ...CREDENTIALS, 'app_user_disabled'],
      handlers: [
        team,
        one,
        async (req, res) => {
          const outcome = await appUsers.resetPassword.execute(onUser(req, res));
          res.status(202).json({ status: 'accepted', ...outcome });
        },
      ],
    },
  });

  route(router, `${BASE}/:user_id/resend-invite`, {
    post: {
      id: 'resendAppUserInvitation',
      summary: 'Send an app user’s invitation again',
      description:
        'A new link (72 hours) that cancels the older emailed ones. Not within a minute of the last ' +
        'invitation email, and at most 5 in the 24 hours from the first resend (429).',
      callers: ['team'],
      responses: { 200: AppUserSchema },
      errors: [
        ...ONE,
        ...CREDENTIALS,
        'app_user_can_sign_in',
        'app_user_disabled',
        'invite_resend_too_soon',
        'invite_resend_limit',
      ],
      handlers: [
        team,
        one,
        async (req, res) => {
          res.json(appUserJson(await appUsers.resendInvitation.execute(onUser(req, res))));
        },
      ],
    },
  });

  route(router, `${BASE}/:user_id/temporary-password`, {
    post: {
      id: 'setAppUserTemporaryPassword',
      summary: 'Give an app user a temporary password',
      description:
        'For a user still pending, or whose earlier temporary password is unused. Answered once; the user ' +
        'must change it at first sign-in; no email; every unused link is cancelled. 504 when setting it ' +
        'timed out (retry).',
      callers: ['team'],
      responses: { 200: TemporaryPasswordSchema },
      errors: [
        ...ONE,
        ...CREDENTIALS,
        'temporary_password_not_allowed',
        'password_hashing_busy',
        'password_not_saved',
        'password_save_timeout',
      ],
      handlers: [
        team,
        one,
        async (req, res) => {
          const set = await appUsers.setTemporaryPassword.execute(onUser(req, res));
          res.setHeader('Cache-Control', 'no-store');
          res.json({
            ...appUserJson(set.view),
            sign_in_url: set.signInUrl,
            temporary_password: set.temporaryPassword,
          });
        },
      ],
    },
  });

  route(router, `${BASE}/:user_id/invite-link`, {
    post: {
      id: 'createAppUserInviteLink',
      summary: 'Make a one-time invite link for a pending app user',
      description:
        'Valid 24 hours; answered once (the secret after `#`), only its hash is kept; it cancels the previous ' +
        'unused one-time link. At most 10 per user per hour (429).',
      callers: ['team'],
      responses: { 201: InviteLinkSchema },
      errors: [...ONE, ...CREDENTIALS, 'app_user_can_sign_in', 'app_user_disabled', 'invite_link_limit'],
      handlers: [
        team,
        one,
        async (req, res) => {
          const link = await appUsers.createInviteLink.execute(onUser(req, res));
          res.setHeader('Cache-Control', 'no-store');
          res.status(201).json(inviteLinkJson(link));
        },
      ],
    },
    delete: {
      id: 'deleteAppUserInviteLink',
      summary: 'Cancel an app user’s unused one-time invite link',
      description: '204 also when there is none. Emailed invitation links stay. Allowed while frozen.',
      callers: ['team'],
      responses: { 204: null },
      errors: ONE,
      handlers: [
        team,
        one,
        async (req, res) => {
          await appUsers.deleteInviteLink.execute(onUser(req, res));
          res.status(204).end();
        },
      ],
    },
  });

  return router;
}
