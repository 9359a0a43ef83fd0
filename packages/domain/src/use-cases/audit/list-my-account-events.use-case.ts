import { redactDetails } from '../../audit/redact';
import type { Deps } from '../deps';
import { type AuditPage, type AuditPageRequest, auditPage, auditPageQuery } from './audit-page';

/**
 * `GET /v1/me/audit`: the caller's own sign-in history in full (client
 * address and session included), which organizations see only without them.
 */
export class ListMyAccountEvents {
  constructor(private readonly deps: Pick<Deps, 'uow'>) {}

  async execute(input: { userId: string; action?: string } & AuditPageRequest): Promise<AuditPage> {
    const { limit, before } = auditPageQuery(input);
    const rows = await this.deps.uow.read.audit.listAccountEvents({
      userId: input.userId,
      action: input.action,
      before,
      limit: limit + 1,
    });
    return auditPage(rows, limit, (e) => ({ ...e, details: redactDetails(e.details) }));
  }
}
