import type { UseCases } from '@groundfloor/domain';
import { Router } from 'express';
import { TicketPriorityDto, TicketRedactionDto, TicketReplyDto } from '../dto/support.dto';
import { operatorTicketDetailJson, operatorTicketJson, ticketPageJson } from '../mappers/support.mapper';
import { requireOperator } from '../middleware/authenticate';
import { clientIp } from '../request-context';
import { param, route, uuidParams } from '../route-table';
import { parseTicketListQuery } from '../support-query';
import { parseBody } from '../validation';

/** The operator's ticket routes (supplement §4); only the operator token. */
export function operatorSupportRoutes(useCases: UseCases, operatorToken: string): Router {
  const router = Router();
  router.use('/v1/operator/support', requireOperator(operatorToken));
  const op = useCases.operatorSupport;
  const base = '/v1/operator/support/tickets';
  const ticketId = uuidParams('ticket_id');

  route(router, base, {
    get: [
      async (req, res) => {
        const query = parseTicketListQuery(req, ['organization_id']);
        const page = await op.queue.execute(query);
        res.json(ticketPageJson(page, query.limit, query.offset, operatorTicketJson));
      },
    ],
  });

  route(router, `${base}/:ticket_id`, {
    get: [
      ticketId,
      async (req, res) => {
        res.json(operatorTicketDetailJson(await op.get.execute({ ticketId: param(req.params.ticket_id) })));
      },
    ],
    patch: [
      ticketId,
      async (req, res) => {
        const body = parseBody(TicketPriorityDto, req.body);
        const detail = await op.changePriority.execute({
          ticketId: param(req.params.ticket_id),
          priority: body.priority,
          ip: clientIp(req),
        });
        res.json(operatorTicketDetailJson(detail));
      },
    ],
  });

  route(router, `${base}/:ticket_id/messages`, {
    post: [
      ticketId,
      async (req, res) => {
        const body = parseBody(TicketReplyDto, req.body);
        const detail = await op.reply.execute({
          ticketId: param(req.params.ticket_id),
          body: body.body,
          ip: clientIp(req),
        });
        res.json(operatorTicketDetailJson(detail));
      },
    ],
  });

  route(router, `${base}/:ticket_id/resolve`, {
    post: [
      ticketId,
      async (req, res) => {
        const detail = await op.resolve.execute({ ticketId: param(req.params.ticket_id), ip: clientIp(req) });
        res.json(operatorTicketDetailJson(detail));
      },
    ],
  });

  route(router, `${base}/:ticket_id/redact`, {
    post: [
      ticketId,
      async (req, res) => {
        const body = parseBody(TicketRedactionDto, req.body);
        const detail = await op.redact.execute({
          ticketId: param(req.params.ticket_id),
          messageId: body.message_id,
          subject: body.subject,
          ip: clientIp(req),
        });
        res.json(operatorTicketDetailJson(detail));
      },
    ],
  });

  return router;
}
