import {
  type FieldError,
  invalid,
  isTicketCategory,
  isTicketStatus,
  Limits,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  type TicketCategory,
  type TicketStatus,
} from '@groundfloor/domain';
import type { Request } from 'express';

export interface TicketListParams {
  readonly statuses: TicketStatus[];
  readonly categories: TicketCategory[];
  readonly limit: number;
  readonly offset: number;
  readonly organizationId?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A repeatable parameter's values: `?status=open&status=resolved`, also
 * written `?status=open,resolved`; an empty value (`?status=`) filters nothing.
 */
const values = (raw: unknown): string[] =>
  raw === undefined
    ? []
    : (Array.isArray(raw) ? raw : [raw]).flatMap((v) =>
        typeof v === 'string' ? v.split(',').filter((part) => part !== '') : ['\u0000'],
      );

function wholeNumber(
  raw: unknown,
  fallback: number,
  min: number,
  max: number,
  field: string,
  errors: FieldError[],
) {
  if (raw === undefined || raw === '') return fallback;
  const text = typeof raw === 'string' ? raw : '';
  const n = /^\d{1,7}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    errors.push({ field, message: `must be a whole number from ${min} to ${max}` });
    return fallback;
  }
  return n;
}

/**
 * The ticket list's query string (spec: Support, list parameters): `status`
 * and `category` repeatable, `limit` 1 to 100 (25), `offset` 0 to 100,000 (0).
 * Anything else, or a value out of range, is 422 naming the parameter.
 */
export function parseTicketListQuery(req: Request, extra: readonly string[] = []): TicketListParams {
  const query = req.query as Record<string, unknown>;
  const errors: FieldError[] = [];
  const allowed = ['status', 'category', 'limit', 'offset', ...extra];
  for (const key of Object.keys(query)) {
    if (!allowed.includes(key)) errors.push({ field: key, message: 'unknown query parameter' });
  }
  const statuses = values(query.status);
  if (!statuses.every(isTicketStatus)) {
    errors.push({ field: 'status', message: `must be one of ${TICKET_STATUSES.join(', ')}` });
  }
  const categories = values(query.category);
  if (!categories.every(isTicketCategory)) {
    errors.push({ field: 'category', message: `must be one of ${TICKET_CATEGORIES.join(', ')}` });
  }
  const { limitDefault, limitMax, offsetMax } = Limits.ticketList;
  const limit = wholeNumber(query.limit, limitDefault, 1, limitMax, 'limit', errors);
  const offset = wholeNumber(query.offset, 0, 0, offsetMax, 'offset', errors);
  const organizationIds = values(query.organization_id);
  if (organizationIds.length > 1) errors.push({ field: 'organization_id', message: 'give at most one' });
  else if (organizationIds[0] !== undefined && !UUID.test(organizationIds[0])) {
    errors.push({ field: 'organization_id', message: 'must be an organization id (a UUID)' });
  }
  if (errors.length > 0) {
    throw invalid('invalid_query', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
  }
  return {
    statuses: [...new Set(statuses)] as TicketStatus[],
    categories: [...new Set(categories)] as TicketCategory[],
    limit,
    offset,
    ...(organizationIds[0] !== undefined ? { organizationId: organizationIds[0].toLowerCase() } : {}),
  };
}
