import { requireScopeType, type UseCases } from '@groundfloor/domain';
import { Type } from '@sinclair/typebox';
import type { RequestHandler, Response, Router } from 'express';
import { AddMemberDto, ChangeRoleDto } from '../dto/membership.dto';
import { emailOutcomeFields, emailOutcomeJson } from '../mappers/account.mapper';
import {
  MemberProfileSchema,
  MembershipSchema,
  memberProfileJson,
  membershipJson,
  PendingInvitationSchema,
  pendingInvitationJson,
} from '../mappers/resources.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import type { ProblemCode } from '../openapi/problem-codes';
import { Resource } from '../openapi/schema';
import { userContext } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

const MembershipList = Resource('MembershipList', { memberships: Type.Array(MembershipSchema) });
const AddedMembership = Resource(
  'AddedMembership',
  { ...MembershipSchema.properties, ...emailOutcomeFields },
  'The membership, and whether its invitation or set-password email went out',
);
const PendingInvitationList = Resource('PendingInvitationList', {
  invitations: Type.Array(PendingInvitationSchema),
});
const InvitationAccepted = Resource('InvitationAccepted', { status: Type.Literal('accepted') });
const PasswordResetAccepted = Resource('PasswordResetAccepted', {
  status: Type.Literal('accepted'),
  ...emailOutcomeFields,
});

/** A path `scope_type` other than account or workspace is 400, before the scope id is looked at. */
const scopeParams: RequestHandler = (req, res, next) => {
  requireScopeType(param(req.params.scope_type));
  uuidParams('scope_id')(req, res, next);
};

const ON_SCOPE: ProblemCode[] = [
  'invalid_scope_type',
  'organization_not_found',
  'workspace_not_found',
  'permission_denied',
];
const ON_MEMBERSHIP: ProblemCode[] = ['membership_not_found', 'permission_denied'];
const CHANGE: ProblemCode[] = ['workspace_frozen', 'organization_suspended'];
const INVITATION: ProblemCode[] = ['invitation_not_found', 'membership_already_accepted'];

/** Memberships and invitations (spec: Memberships); team members only. */
export function membershipRoutes(useCases: UseCases): Router {
  const router = apiRouter('Memberships');
  const team = requireTeam(useCases);
  const membership = uuidParams('membership_id');
  const userId = (res: Response) => teamPrincipal(res).userId;
  const { memberships } = useCases;

  route(router, '/v1/scopes/:scope_type/:scope_id/members', {
    get: {
      id: 'listMembers',
      summary: 'The members and pending invitations of an organization or workspace',
      description: 'Oldest first, at most 200.',
      callers: ['team'],
      responses: { 200: MembershipList },
      errors: ON_SCOPE,
      handlers: [
        team,
        scopeParams,
        async (req, res) => {
          const members = await memberships.list.execute({
            userId: userId(res),
            scopeType: requireScopeType(param(req.params.scope_type)),
            scopeId: param(req.params.scope_id),
          });
          res.json({ memberships: members.map((m) => membershipJson(m.membership, m.user)) });
        },
      ],
    },
    post: {
      id: 'addMember',
      summary: 'Add a member, or invite one by email',
      description:
        'Exactly one of `user_id` and `email`. With `email` and `password` the account is made with that ' +
        'password (temporary by default); with `email` alone the person is invited. Adding the same role ' +
        'again answers the existing membership with 200.',
      callers: ['team'],
      body: AddMemberDto,
      responses: { 200: AddedMembership, 201: AddedMembership },
      errors: [
        'account_managed_elsewhere',
        'password_hashing_busy',
        ...ON_SCOPE,
        ...CHANGE,
        'user_id_and_email',
        'user_id_or_email_required',
        'password_with_user_id',
        'only_owner_grants_owner',
        'role_above_ceiling',
        'user_not_found',
        'membership_role_conflict',
        'user_has_credentials',
        'not_platform_sign_in',
        'invalid_role_for_scope',
        'invalid_expires_at',
        'invalid_email',
        'invalid_password',
        'duplicate',
      ],
      handlers: [
        team,
        scopeParams,
        async (req, res) => {
          const body = parseBody(AddMemberDto, req.body);
          const added = await memberships.add.execute({
            userId: userId(res),
            scopeType: requireScopeType(param(req.params.scope_type)),
            scopeId: param(req.params.scope_id),
            body: {
              userId: body.user_id,
              email: body.email,
              password: body.password,
              temporaryPassword: body.temporary_password,
              sendEmail: body.send_email,
              role: body.role,
              expiresAt: body.expires_at,
            },
            context: userContext(req, res),
          });
          // Rule 6: adding the same role again answers the existing membership.
          res
            .status(added.created ? 201 : 200)
            .json({ ...membershipJson(added.membership, added.user), ...emailOutcomeJson(added.email) });
        },
      ],
    },
  });

  route(router, '/v1/me/pending-invitations', {
    get: {
      id: 'listMyPendingInvitations',
      summary: 'The invitations waiting for the signed-in member',
      tags: ['Me'],
      callers: ['team'],
      responses: { 200: PendingInvitationList },
      handlers: [
        team,
        async (_req, res) => {
          const invitations = await memberships.listPendingInvitations.execute({ userId: userId(res) });
          res.json({ invitations: invitations.map(pendingInvitationJson) });
        },
      ],
    },
  });

  const byId = (req: Parameters<RequestHandler>[0], res: Response) => ({
    userId: userId(res),
    membershipId: param(req.params.membership_id),
  });

  route(router, '/v1/memberships/:membership_id/accept', {
    post: {
      id: 'acceptInvitation',
      summary: 'Accept an invitation of the signed-in member',
      description:
        'An account whose password another organization set accepts only after choosing a password ' +
        'through the link emailed to it (403 `email_not_verified`; docs/security.md).',
      callers: ['team'],
      responses: { 200: InvitationAccepted },
      errors: [...INVITATION, 'email_not_verified'],
      handlers: [
        team,
        membership,
        async (req, res) => {
          const { status } = await memberships.accept.execute({
            ...byId(req, res),
            context: userContext(req, res),
          });
          res.json({ status });
        },
      ],
    },
  });

  route(router, '/v1/memberships/:membership_id/reject', {
    post: {
      id: 'rejectInvitation',
      summary: 'Decline an invitation of the signed-in member',
      callers: ['team'],
      responses: { 204: null },
      errors: ['invitation_not_found'],
      handlers: [
        team,
        membership,
        async (req, res) => {
          await memberships.reject.execute({ ...byId(req, res), context: userContext(req, res) });
          res.status(204).end();
        },
      ],
    },
  });

  route(router, '/v1/memberships/:membership_id/reset-password', {
    post: {
      id: 'resetMemberPassword',
      summary: 'Email a member a set-password link',
      description: 'Their current password keeps working until they use the link.',
      callers: ['team'],
      responses: { 202: PasswordResetAccepted },
      errors: [...ON_MEMBERSHIP, 'not_platform_sign_in', 'role_not_below_caller', 'user_not_found'],
      handlers: [
        team,
        membership,
        async (req, res) => {
          const email = await memberships.resetPassword.execute({
            ...byId(req, res),
            context: userContext(req, res),
          });
          res.status(202).json({ status: 'accepted', ...emailOutcomeJson(email) });
        },
      ],
    },
  });

  route(router, '/v1/memberships/:membership_id', {
    get: {
      id: 'getMembership',
      summary: 'A membership with the member’s profile',
      callers: ['team'],
      responses: { 200: MemberProfileSchema },
      errors: ON_MEMBERSHIP,
      handlers: [
        team,
        membership,
        async (req, res) => {
          const member = await memberships.get.execute(byId(req, res));
          res.json(memberProfileJson(member.membership, member.user));
        },
      ],
    },
    patch: {
      id: 'changeMemberRole',
      summary: 'Change a member’s role',
      callers: ['team'],
      body: ChangeRoleDto,
      responses: { 200: MembershipSchema },
      errors: [
        ...ON_MEMBERSHIP,
        ...CHANGE,
        'membership_not_accepted',
        'only_owner_grants_owner',
        'role_above_ceiling',
        'role_not_below_caller',
        'cannot_demote_owner',
        'last_owner',
        'invalid_role_for_scope',
      ],
      handlers: [
        team,
        membership,
        async (req, res) => {
          const body = parseBody(ChangeRoleDto, req.body);
          const changed = await memberships.changeRole.execute({
            ...byId(req, res),
            role: body.role,
            context: userContext(req, res),
          });
          res.json(membershipJson(changed.membership, changed.user));
        },
      ],
    },
    delete: {
      id: 'removeMember',
      summary: 'Remove a member, or withdraw an invitation',
      callers: ['team'],
      responses: { 204: null },
      errors: [...ON_MEMBERSHIP, ...CHANGE, 'role_not_below_caller', 'last_owner'],
      handlers: [
        team,
        membership,
        async (req, res) => {
          await memberships.remove.execute({ ...byId(req, res), context: userContext(req, res) });
          res.status(204).end();
        },
      ],
    },
  });

  return router;
}
