import type { UseCases } from '@groundfloor/domain';
import type { Router } from 'express';
import {
  OperatorTicketListQueryDto,
  TicketPriorityDto,
  TicketRedactionDto,
  TicketReplyDto,
} from '../dto/support.dto';
import {
  OperatorTicketDetailSchema,
  OperatorTicketPageSchema,
  operatorTicketDetailJson,
  operatorTicketJson,
  ticketPageJson,
} from '../mappers/support.mapper';
import { requireOperator } from '../middleware/authenticate';
import type { ProblemCode } from '../openapi/problem-codes';
import { clientIp } from '../request-context';
import { apiRouter, guard, param, route, uuidParams } from '../route-table';
import { parseTicketListQuery } from '../support-query';
import { parseBody, requireNoBody } from '../validation';

/** The operator's ticket routes (supplement §4); only the operator token. */
export function operatorSupportRoutes(useCases: UseCases, operatorToken: string): Router {
  const router = apiRouter('Operator support');
  guard(router, '/v1/operator/support', requireOperator(operatorToken));
  const op = useCases.operatorSupport;
  const base = '/v1/operator/support/tickets';
  const ticketId = uuidParams('ticket_id');
  const onTicket: ProblemCode[] = ['ticket_not_found'];

  route(router, base, {
    get: {
      id: 'operatorListTickets',
      summary: 'The support queue across organizations',
      description: 'Newest activity first. Without `status`, the tickets waiting on someone.',
      callers: ['operator'],
      query: OperatorTicketListQueryDto,
      responses: { 200: OperatorTicketPageSchema },
      errors: ['invalid_query'],
      handlers: [
        async (req, res) => {
          const query = parseTicketListQuery(req, OperatorTicketListQueryDto);
          const page = await op.queue.execute(query);
          res.json(ticketPageJson(page, query.limit, query.offset, operatorTicketJson));
        },
      ],
    },
  });

  route(router, `${base}/:ticket_id`, {
    get: {
      id: 'operatorGetTicket',
      summary: 'A ticket with every message',
      callers: ['operator'],
      responses: { 200: OperatorTicketDetailSchema },
      errors: onTicket,
      handlers: [
        ticketId,
        async (req, res) => {
          res.json(operatorTicketDetailJson(await op.get.execute({ ticketId: param(req.params.ticket_id) })));
        },
      ],
    },
    patch: {
      id: 'operatorChangeTicketPriority',
      summary: 'Change the priority of a ticket',
      callers: ['operator'],
      body: TicketPriorityDto,
      responses: { 200: OperatorTicketDetailSchema },
      errors: [...onTicket, 'ticket_closed', 'invalid_priority'],
      handlers: [
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
    },
  });

  route(router, `${base}/:ticket_id/messages`, {
    post: {
      id: 'operatorReplyToTicket',
      summary: 'Reply to a ticket as the platform',
      description: 'The ticket waits on the customer afterwards; the requester is emailed.',
      callers: ['operator'],
      body: TicketReplyDto,
      responses: { 200: OperatorTicketDetailSchema },
      errors: [...onTicket, 'ticket_closed', 'invalid_message_body'],
      handlers: [
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
    },
  });

  route(router, `${base}/:ticket_id/resolve`, {
    post: {
      id: 'operatorResolveTicket',
      summary: 'Resolve a ticket',
      callers: ['operator'],
      responses: { 200: OperatorTicketDetailSchema },
      errors: [
        ...onTicket,
        'ticket_closed',
        'invalid_ticket_transition',
        'invalid_body',
        'validation_failed',
      ],
      handlers: [
        ticketId,
        async (req, res) => {
          requireNoBody(req.body);
          const detail = await op.resolve.execute({
            ticketId: param(req.params.ticket_id),
            ip: clientIp(req),
          });
          res.json(operatorTicketDetailJson(detail));
        },
      ],
    },
  });

  route(router, `${base}/:ticket_id/redact`, {
    post: {
      id: 'operatorRedactTicket',
      summary: 'Redact a message or the subject of a ticket',
      description: 'The text is replaced by a marker for good; the redaction is audited.',
      callers: ['operator'],
      body: TicketRedactionDto,
      responses: { 200: OperatorTicketDetailSchema },
      errors: [...onTicket, 'message_not_found', 'invalid_redaction'],
      handlers: [
        ticketId,
        async (req, res) => {
          const body = parseBody(TicketRedactionDto, req.body);
          const detail = await op.redact.execute({
            ticketId: param(req.params.ticket_id),
            // Ids are UUIDs in any letter case; stored in lower case.
            messageId: body.message_id?.toLowerCase(),
            subject: body.subject,
            ip: clientIp(req),
          });
          res.json(operatorTicketDetailJson(detail));
        },
      ],
    },
  });

  return router;
}
