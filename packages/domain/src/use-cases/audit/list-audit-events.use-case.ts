import { authorizeOrganization, authorizeWorkspace } from '../../access/access-control';
import type { AuditEvent } from '../../audit/audit-event';
import { redactDetails } from '../../audit/redact';
import type { Deps } from '../deps';
import { type AuditPage, type AuditPageRequest, auditPage, auditPageQuery } from './audit-page';

export type { AuditPage } from './audit-page';

/** Detail keys of an account event that say which session or device it was. */
const SESSION_DETAILS = new Set(['session_id']);

/**
 * A member's own account events (sign-ins, sign-outs, password changes) are
 * shown to the organizations they belong to without the client address or
 * the session: an organization learns that its member signed in, not from
 * where (docs/security.md). The person reads them in full on /v1/me/audit.
 */
function asSeenByOrganization(event: AuditEvent): AuditEvent {
  if (event.organizationId !== null || event.workspaceId !== null) return event;
  const details = Object.fromEntries(Object.entries(event.details).filter(([k]) => !SESSION_DETAILS.has(k)));
  return { ...event, ip: null, details };
}

/**
 * Supplement §10 (administer): newest first, `before` a cursor from a previous
 * page, secret-like values removed from `details`.
 */
export class ListAuditEvents {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(
    input: {
      userId: string;
      scope: { type: 'organization' | 'workspace'; id: string };
      action?: string;
    } & AuditPageRequest,
  ): Promise<AuditPage> {
    const { limit, before } = auditPageQuery(input);
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
    return auditPage(rows, limit, (e) => {
      const shown = asSeenByOrganization(e);
      return { ...shown, details: redactDetails(shown.details) };
    });
  }
}
