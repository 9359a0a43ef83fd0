import type { IdGenerator } from '../ports/ids.port';
import type { Repositories } from '../ports/repositories.port';
import type { Actor, AuditEvent } from './audit-event';

/** Who is acting and from where; every use case that changes state receives one. */
export interface RequestContext {
  readonly actor: Actor;
  readonly ip: string | null;
}

export interface AuditEntry {
  readonly action: string;
  readonly organizationId?: string | null;
  readonly workspaceId?: string | null;
  readonly target: { readonly type: string; readonly id: string };
  readonly details?: Record<string, unknown>;
}

/** Appends an audit event through the transaction's repositories, so it commits with the change. */
export function recordAudit(
  tx: Repositories,
  deps: { ids: IdGenerator },
  context: RequestContext,
  now: Date,
  entry: AuditEntry,
): Promise<void> {
  const event: AuditEvent = {
    id: deps.ids.next(),
    action: entry.action,
    actor: context.actor,
    organizationId: entry.organizationId ?? null,
    workspaceId: entry.workspaceId ?? null,
    target: entry.target,
    details: entry.details ?? {},
    ip: context.ip,
    createdAt: now,
  };
  return tx.audit.append(event);
}
