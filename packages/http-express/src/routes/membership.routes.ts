import { requireScopeType, type UseCases } from '@groundfloor/domain';
import { type RequestHandler, type Response, Router } from 'express';
import { AddMemberDto, ChangeRoleDto } from '../dto/membership.dto';
import { memberProfileJson, membershipJson, pendingInvitationJson } from '../mappers/resources.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import { userContext } from '../request-context';
import { param, route, uuidParams } from '../route-table';
import { parseBody } from '../validation';

/** A path `scope_type` other than account or workspace is 400, before the scope id is looked at. */
const scopeParams: RequestHandler = (req, res, next) => {
  requireScopeType(param(req.params.scope_type));
  uuidParams('scope_id')(req, res, next);
};

/** Memberships and invitations (spec: Memberships); team members only. */
export function membershipRoutes(useCases: UseCases): Router {
  const router = Router();
  const team = requireTeam(useCases);
  const membership = uuidParams('membership_id');
  const userId = (res: Response) => teamPrincipal(res).userId;
  const { memberships } = useCases;

  route(router, '/v1/scopes/:scope_type/:scope_id/members', {
    get: [
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
    post: [
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
          .json({ ...membershipJson(added.membership, added.user), ...added.email });
      },
    ],
  });

  route(router, '/v1/me/pending-invitations', {
    get: [
      team,
      async (_req, res) => {
        const invitations = await memberships.listPendingInvitations.execute({ userId: userId(res) });
        res.json({ invitations: invitations.map(pendingInvitationJson) });
      },
    ],
  });

  const byId = (req: Parameters<RequestHandler>[0], res: Response) => ({
    userId: userId(res),
    membershipId: param(req.params.membership_id),
  });

  route(router, '/v1/memberships/:membership_id/accept', {
    post: [
      team,
      membership,
      async (req, res) => {
        res.json(await memberships.accept.execute({ ...byId(req, res), context: userContext(req, res) }));
      },
    ],
  });

  route(router, '/v1/memberships/:membership_id/reject', {
    post: [
      team,
      membership,
      async (req, res) => {
        await memberships.reject.execute({ ...byId(req, res), context: userContext(req, res) });
        res.status(204).end();
      },
    ],
  });

  route(router, '/v1/memberships/:membership_id/reset-password', {
    post: [
      team,
      membership,
      async (req, res) => {
        const email = await memberships.resetPassword.execute({
          ...byId(req, res),
          context: userContext(req, res),
        });
        res.status(202).json({ status: 'accepted', ...email });
      },
    ],
  });

  route(router, '/v1/memberships/:membership_id', {
    get: [
      team,
      membership,
      async (req, res) => {
        const member = await memberships.get.execute(byId(req, res));
        res.json(memberProfileJson(member.membership, member.user));
      },
    ],
    patch: [
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
    delete: [
      team,
      membership,
      async (req, res) => {
        await memberships.remove.execute({ ...byId(req, res), context: userContext(req, res) });
        res.status(204).end();
      },
    ],
  });

  return router;
}
