import type { UseCases } from '@groundfloor/domain';
import { type Response, Router } from 'express';
import { CreateTicketDto, TicketReplyDto } from '../dto/support.dto';
import { ticketDetailJson, ticketPageJson } from '../mappers/support.mapper';
import { requireCaller, teamPrincipal } from '../middleware/authenticate';
import { userContext } from '../request-context';
import { param, route, uuidParams } from '../route-table';
import { parseTicketListQuery } from '../support-query';
import { parseBody } from '../validation';

/**
 * Support tickets, organization-scoped (spec: Support). Team tokens only:
 * M2M, workload identity and app-user tokens are 403.
 */
export function supportRoutes(useCases: UseCases): Router {
  const router = Router();
  const team = requireCaller(useCases, { kinds: ['team'] });
  const support = useCases.support;
  const base = '/v1/organizations/:organization_id/support/tickets';
  const ids = (req: { params: Record<string, string | string[] | undefined> }, res: Response) => ({
    userId: teamPrincipal(res).userId,
    organizationId: param(req.params.organization_id),
    ticketId: param(req.params.ticket_id),
  });

  route(router, base, {
    get: [
      team,
      uuidParams('organization_id'),
      async (req, res) => {
        const query = parseTicketListQuery(req);
        const page = await support.list.execute({
          userId: teamPrincipal(res).userId,
          organizationId: param(req.params.organization_id),
          ...query,
        });
        res.json(ticketPageJson(page, query.limit, query.offset));
      },
    ],
    post: [
      team,
      uuidParams('organization_id'),
      async (req, res) => {
        const body = parseBody(CreateTicketDto, req.body);
        const created = await support.create.execute({
          userId: teamPrincipal(res).userId,
          organizationId: param(req.params.organization_id),
          subject: body.subject,
          category: body.category,
          priority: body.priority,
          workspaceId: body.workspace_id ?? null,
          description: body.description,
          context: body.context,
          request: userContext(req, res),
        });
        res.status(201).json({ ...ticketDetailJson(created), warnings: created.warnings });
      },
    ],
  });

  route(router, `${base}/:ticket_id`, {
    get: [
      team,
      uuidParams('organization_id', 'ticket_id'),
      async (req, res) => {
        res.json(ticketDetailJson(await support.get.execute(ids(req, res))));
      },
    ],
  });

  route(router, `${base}/:ticket_id/messages`, {
    post: [
      team,
      uuidParams('organization_id', 'ticket_id'),
      async (req, res) => {
        const body = parseBody(TicketReplyDto, req.body);
        const replied = await support.reply.execute({
          ...ids(req, res),
          body: body.body,
          request: userContext(req, res),
        });
        res.json({ ...ticketDetailJson(replied), warnings: replied.warnings });
      },
    ],
  });

  for (const action of ['resolve', 'close'] as const) {
    route(router, `${base}/:ticket_id/${action}`, {
      post: [
        team,
        uuidParams('organization_id', 'ticket_id'),
        async (req, res) => {
          const detail = await support[action].execute({ ...ids(req, res), request: userContext(req, res) });
          res.json(ticketDetailJson(detail));
        },
      ],
    });
  }

  return router;
}
