import { authorizeOrganization, authorizeWorkspace } from '../../access/access-control';
import { decodeAuditCursor, encodeAuditCursor } from '../../audit/audit-cursor';
import type { AuditEvent } from '../../audit/audit-event';
import { redactDetails } from '../../audit/redact';
import { invalid } from '../../shared/domain-error';
import { Limits } from '../../shared/limits';
import type { Deps } from '../deps';

export interface AuditPage {
  readonly events: AuditEvent[];
  readonly nextCursor: string | null;
}

/**
 * Supplement §10 (administer): newest first, `before` a cursor from a previous
 * page, secret-like values removed from `details`.
 */
export class ListAuditEvents {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: {
    userId: string;
    scope: { type: 'organization' | 'workspace'; id: string };
    limit?: number;
    before?: string;
    action?: string;
  }): Promise<AuditPage> {
    const limit = input.limit ?? Limits.auditListDefault;
    if (!Number.isInteger(limit) || limit < 1 || limit > Limits.auditListMax) {
      throw invalid('invalid_limit', `limit must be a whole number from 1 to ${Limits.auditListMax}`, [
        { field: 'limit', message: `1 to ${Limits.auditListMax}` },
      ]);
    }
    const before = input.before === undefined ? undefined : decodeAuditCursor(input.before);
    const { read } = this.deps.uow;
    const now = this.deps.clock.now();
    if (input.scope.type === 'organization') {
      await authorizeOrganization(read, input.userId, input.scope.id, 'administer', now);
    } else {
      await authorizeWorkspace(read, input.userId, input.scope.id, 'administer', now);
    }
    const rows = await read.audit.list({
      scope: input.scope,
      action: input.action,
      before,
      limit: limit + 1,
    });
    const events = rows.slice(0, limit).map((e) => ({ ...e, details: redactDetails(e.details) }));
    const last = events[events.length - 1];
    return { events, nextCursor: rows.length > limit && last ? encodeAuditCursor(last) : null };
  }
}
