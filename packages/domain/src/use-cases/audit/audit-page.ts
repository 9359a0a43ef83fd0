import { type AuditCursor, decodeAuditCursor, encodeAuditCursor } from '../../audit/audit-cursor';
import type { AuditEvent } from '../../audit/audit-event';
import { invalid } from '../../shared/domain-error';
import { Limits } from '../../shared/limits';

export interface AuditPage {
  readonly events: AuditEvent[];
  readonly nextCursor: string | null;
}

export interface AuditPageRequest {
  readonly limit?: number;
  readonly before?: string;
}

/** `limit` (1 to 200, default 50) and the decoded `before` cursor (supplement §10). */
export function auditPageQuery(input: AuditPageRequest): { limit: number; before?: AuditCursor } {
  const limit = input.limit ?? Limits.auditListDefault;
  if (!Number.isInteger(limit) || limit < 1 || limit > Limits.auditListMax) {
    throw invalid('invalid_limit', `limit must be a whole number from 1 to ${Limits.auditListMax}`, [
      { field: 'limit', message: `1 to ${Limits.auditListMax}` },
    ]);
  }
  return { limit, before: input.before === undefined ? undefined : decodeAuditCursor(input.before) };
}

/** A page from `limit + 1` rows: the extra row only says whether there is a next page. */
export function auditPage(rows: AuditEvent[], limit: number, show: (e: AuditEvent) => AuditEvent): AuditPage {
  const events = rows.slice(0, limit).map(show);
  const last = events[events.length - 1];
  return { events, nextCursor: rows.length > limit && last ? encodeAuditCursor(last) : null };
}
