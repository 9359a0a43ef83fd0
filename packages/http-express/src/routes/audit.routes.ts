import type { UseCases } from '@groundfloor/domain';
import { Type } from '@sinclair/typebox';
import type { Router } from 'express';
import { AuditQueryDto } from '../dto/audit.dto';
import { AuditEventSchema, auditEventJson } from '../mappers/secrets.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import type { Operation } from '../openapi/operation';
import { Nullable, Resource } from '../openapi/schema';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseQuery } from '../validation';

const AuditPage = Resource('AuditPage', {
  events: Type.Array(AuditEventSchema, { description: 'newest first' }),
  next_cursor: Nullable(Type.String({ description: 'pass as `before` for the next page; null: no more' })),
});

/** Supplement §10: the audit log of a workspace, or of an organization and its workspaces. */
export function auditRoutes(useCases: UseCases): Router {
  const router = apiRouter('Audit');
  const team = requireTeam(useCases);

  const list = (
    type: 'organization' | 'workspace',
    idParam: string,
    id: string,
    summary: string,
  ): Operation => ({
    id,
    summary,
    callers: ['team'],
    query: AuditQueryDto,
    responses: { 200: AuditPage },
    errors: [
      type === 'organization' ? 'organization_not_found' : 'workspace_not_found',
      'permission_denied',
      'invalid_limit',
      'invalid_cursor',
    ],
    handlers: [
      team,
      uuidParams(idParam),
      async (req, res) => {
        // An empty parameter (a client passing on a null next_cursor as '') is the same as leaving it out.
        const query = parseQuery(AuditQueryDto, req.query, { code: { limit: 'invalid_limit' } });
        const page = await useCases.listAuditEvents.execute({
          userId: teamPrincipal(res).userId,
          scope: { type, id: param(req.params[idParam]) },
          limit: query.limit,
          before: query.before,
          action: query.action,
        });
        res.json({ events: page.events.map(auditEventJson), next_cursor: page.nextCursor });
      },
    ],
  });

  route(router, '/v1/workspaces/:workspace_id/audit', {
    get: list('workspace', 'workspace_id', 'listWorkspaceAudit', 'The audit log of a workspace'),
  });
  route(router, '/v1/organizations/:organization_id/audit', {
    get: list(
      'organization',
      'organization_id',
      'listOrganizationAudit',
      'The audit log of an organization and its workspaces',
    ),
  });

  // A person's own sign-in history in full; organizations see it without address or session.
  route(router, '/v1/me/audit', {
    get: {
      id: 'listMyAccountEvents',
      summary: "The caller's own account events in full",
      description:
        'Sign-ins, sign-outs and password changes of the caller, newest first, with the client address ' +
        'and session id that the organization and workspace audit routes leave out.',
      callers: ['team'],
      query: AuditQueryDto,
      responses: { 200: AuditPage },
      errors: ['invalid_limit', 'invalid_cursor'],
      handlers: [
        team,
        async (req, res) => {
          const query = parseQuery(AuditQueryDto, req.query, { code: { limit: 'invalid_limit' } });
          const page = await useCases.listMyAccountEvents.execute({
            userId: teamPrincipal(res).userId,
            limit: query.limit,
            before: query.before,
            action: query.action,
          });
          res.json({ events: page.events.map(auditEventJson), next_cursor: page.nextCursor });
        },
      ],
    },
  });

  return router;
}
