import { invalid, type UseCases } from '@groundfloor/domain';
import { type Request, type RequestHandler, Router } from 'express';
import { queryText } from '../caller-context';
import { auditEventJson } from '../mappers/secrets.mapper';
import { requireTeam, teamPrincipal } from '../middleware/authenticate';
import { param, route, uuidParams } from '../route-table';

function limitOf(req: Request): number | undefined {
  const text = queryText(req, 'limit');
  // An empty `limit=` is the default, like an absent one (as on the ticket lists).
  if (text === undefined || text === '') return undefined;
  if (!/^\d{1,4}$/.test(text)) {
    throw invalid('invalid_limit', 'limit must be a whole number from 1 to 200', [
      { field: 'limit', message: '1 to 200' },
    ]);
  }
  return Number(text);
}

/** Supplement §10: the audit log of a workspace, or of an organization and its workspaces. */
export function auditRoutes(useCases: UseCases): Router {
  const router = Router();
  const team = requireTeam(useCases);

  const list =
    (type: 'organization' | 'workspace', idParam: string): RequestHandler =>
    async (req, res) => {
      const page = await useCases.listAuditEvents.execute({
        userId: teamPrincipal(res).userId,
        scope: { type, id: param(req.params[idParam]) },
        limit: limitOf(req),
        // Empty `before=` (a client passing on a null next_cursor as '') and
        // empty `action=` are the same as leaving them out.
        before: queryText(req, 'before') || undefined,
        action: queryText(req, 'action') || undefined,
      });
      res.json({ events: page.events.map(auditEventJson), next_cursor: page.nextCursor });
    };

  route(router, '/v1/workspaces/:workspace_id/audit', {
    get: [team, uuidParams('workspace_id'), list('workspace', 'workspace_id')],
  });
  route(router, '/v1/organizations/:organization_id/audit', {
    get: [team, uuidParams('organization_id'), list('organization', 'organization_id')],
  });

  return router;
}
