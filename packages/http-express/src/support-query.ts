import type { TicketCategory, TicketStatus } from '@groundfloor/domain';
import { Limits } from '@groundfloor/domain';
import type { Request } from 'express';
import { type OperatorTicketListQueryDto, TicketListQueryDto } from './dto/support.dto';
import { parseQuery } from './validation';

export interface TicketListParams {
  readonly statuses: TicketStatus[];
  readonly categories: TicketCategory[];
  readonly limit: number;
  readonly offset: number;
  readonly organizationId?: string;
}

/**
 * A ticket list's query string (spec: Support, list parameters): `status`
 * and `category` repeatable, `limit` 1 to 100 (25), `offset` 0 to 100,000 (0).
 * Anything else, or a value out of range, is 422 `invalid_query` naming the parameter.
 */
export function parseTicketListQuery(
  req: Request,
  dto: new () => TicketListQueryDto | OperatorTicketListQueryDto = TicketListQueryDto,
): TicketListParams {
  const query: Partial<OperatorTicketListQueryDto> = parseQuery(dto, req.query, {
    code: 'invalid_query',
    shapeCode: 'invalid_query',
    unknown: 'refuse',
  });
  return {
    statuses: [...new Set(query.status ?? [])],
    categories: [...new Set(query.category ?? [])],
    limit: query.limit ?? Limits.ticketList.limitDefault,
    offset: query.offset ?? 0,
    ...(query.organization_id !== undefined ? { organizationId: query.organization_id.toLowerCase() } : {}),
  };
}
