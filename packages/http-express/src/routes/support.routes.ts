import type { UseCases } from '@groundfloor/domain';
import type { Response, Router } from 'express';
import { CreateTicketDto, TicketListQueryDto, TicketReplyDto } from '../dto/support.dto';
import {
  TicketDetailSchema,
  TicketPageSchema,
  TicketWithWarningsSchema,
  ticketDetailJson,
  ticketListItemJson,
  ticketPageJson,
} from '../mappers/support.mapper';
import { requireCaller, teamPrincipal } from '../middleware/authenticate';
import type { ProblemCode } from '../openapi/problem-codes';
import { userContext } from '../request-context';
import { apiRouter, param, route, uuidParams } from '../route-table';
import { parseTicketListQuery } from '../support-query';
import { parseBody, requireNoBody } from '../validation';

/** Who may reach an organization's tickets at all. */
const ACCESS: ProblemCode[] = [
  'organization_not_found',
  'permission_denied',
  'no_eligible_organization_role',
  'user_not_found',
];

/**
 * Support tickets, organization-scoped (spec: Support). Team tokens only:
 * M2M, workload identity and app-user tokens are 403.
 */
export function supportRoutes(useCases: UseCases): Router {
  const router = apiRouter('Support');
  const team = requireCaller(useCases, { kinds: ['team'] });
  const support = useCases.support;
  const base = '/v1/organizations/:organization_id/support/tickets';
  const ids = (req: { params: Record<string, string | string[] | undefined> }, res: Response) => ({
    userId: teamPrincipal(res).userId,
    organizationId: param(req.params.organization_id),
    ticketId: param(req.params.ticket_id),
  });

  route(router, base, {
    get: {
      id: 'listTickets',
      summary: 'The tickets the caller can see',
      description: 'Newest activity first. Who sees what depends on the caller’s role (see docs/support.md).',
      callers: ['team'],
      query: TicketListQueryDto,
      responses: { 200: TicketPageSchema },
      errors: [...ACCESS, 'invalid_query'],
      handlers: [
        team,
        uuidParams('organization_id'),
        async (req, res) => {
          const query = parseTicketListQuery(req);
          const page = await support.list.execute({
            userId: teamPrincipal(res).userId,
            organizationId: param(req.params.organization_id),
            ...query,
          });
          res.json(ticketPageJson(page, query.limit, query.offset, ticketListItemJson));
        },
      ],
    },
    post: {
      id: 'createTicket',
      summary: 'Open a support ticket',
      description:
        'The platform is emailed. `warnings` lists what the text looks like it holds (a possible secret): ' +
        'the ticket is opened anyway.',
      callers: ['team'],
      body: CreateTicketDto,
      responses: { 201: TicketWithWarningsSchema },
      errors: [
        ...ACCESS,
        'invalid_subject',
        'invalid_description',
        'invalid_category',
        'invalid_priority',
        'invalid_workspace',
        'invalid_context',
        'support_rate_limited',
      ],
      handlers: [
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
          res.status(201).json({ ...ticketDetailJson(created), warnings: [...created.warnings] });
        },
      ],
    },
  });

  route(router, `${base}/:ticket_id`, {
    get: {
      id: 'getTicket',
      summary: 'A ticket with its messages',
      callers: ['team'],
      responses: { 200: TicketDetailSchema },
      errors: [...ACCESS, 'ticket_not_found'],
      handlers: [
        team,
        uuidParams('organization_id', 'ticket_id'),
        async (req, res) => {
          res.json(ticketDetailJson(await support.get.execute(ids(req, res))));
        },
      ],
    },
  });

  route(router, `${base}/:ticket_id/messages`, {
    post: {
      id: 'replyToTicket',
      summary: 'Reply to a ticket',
      description: 'A resolved ticket, or one waiting on the customer, opens again.',
      callers: ['team'],
      body: TicketReplyDto,
      responses: { 200: TicketWithWarningsSchema },
      errors: [
        ...ACCESS,
        'ticket_not_found',
        'ticket_closed',
        'invalid_message_body',
        'support_rate_limited',
      ],
      handlers: [
        team,
        uuidParams('organization_id', 'ticket_id'),
        async (req, res) => {
          const body = parseBody(TicketReplyDto, req.body);
          const replied = await support.reply.execute({
            ...ids(req, res),
            body: body.body,
            request: userContext(req, res),
          });
          res.json({ ...ticketDetailJson(replied), warnings: [...replied.warnings] });
        },
      ],
    },
  });

  for (const action of ['resolve', 'close'] as const) {
    route(router, `${base}/:ticket_id/${action}`, {
      post: {
        id: `${action}Ticket`,
        summary: action === 'resolve' ? 'Mark a ticket resolved' : 'Close a ticket for good',
        callers: ['team'],
        responses: { 200: TicketDetailSchema },
        errors: [
          ...ACCESS,
          'ticket_not_found',
          'ticket_closed',
          'invalid_ticket_transition',
          'invalid_body',
          'validation_failed',
        ],
        handlers: [
          team,
          uuidParams('organization_id', 'ticket_id'),
          async (req, res) => {
            // Spec, Support: resolve and close take no body.
            requireNoBody(req.body);
            const detail = await support[action].execute({
              ...ids(req, res),
              request: userContext(req, res),
            });
            res.json(ticketDetailJson(detail));
          },
        ],
      },
    });
  }

  return router;
}
