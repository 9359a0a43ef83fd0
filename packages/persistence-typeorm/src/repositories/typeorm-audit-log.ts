import type { AccountEventQuery, AuditEvent, AuditLog, AuditQuery } from '@groundfloor/domain';
import type { SelectQueryBuilder } from 'typeorm';
import { AuditEventMapper } from '../mappers/audit-event.mapper';
import { type AuditEventRecord, AuditEventSchema } from '../schemas/audit-event.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import { CoalescingWriter } from './coalescing-writer';
import type { RepositoryScope } from './repository-scope';
import { insertRow, writeRowsAsOne } from './rows';

/*
 * Every list is a union of branches that each read one index newest first
 * and stop at the page size, so a page costs the same on an empty log and
 * on one of millions of events:
 *
 * - the scope's own events (`workspace_id`, or `organization_id` and each
 *   of the organization's workspaces);
 * - its members' account events, through `audit_event_scopes`: when an
 *   account event (no organization or workspace, a user as actor) is
 *   appended, one row is written for every scope where that user then held
 *   an accepted membership made no later than the event.
 */

/** `alias.created_at` / `alias.<id>` before the cursor, and of the action, as a branch's conditions. */
function pageConditions(
  alias: string,
  idColumn: string,
  query: Pick<AuditQuery, 'action' | 'before'>,
): string {
  const parts: string[] = [];
  if (query.action !== undefined) parts.push(`${alias}.action = :action`);
  if (query.before) parts.push(`(${alias}.created_at, ${alias}.${idColumn}) < (:beforeAt, :beforeId)`);
  return parts.map((p) => ` AND ${p}`).join('');
}

const newestFirst = (alias: string, idColumn: string) =>
  `ORDER BY ${alias}.created_at DESC, ${alias}.${idColumn} DESC LIMIT :limit`;

/** The ids and times of the events a scope's audit route shows: one page of each branch. */
function branchesOf(
  scopeType: 'organization' | 'workspace',
  query: Pick<AuditQuery, 'action' | 'before'>,
): string {
  const own = (where: string) =>
    `(SELECT a.id, a.created_at FROM audit_events a WHERE ${where}${pageConditions('a', 'id', query)} ${newestFirst('a', 'id')})`;
  const members = (where: string) =>
    `(SELECT s.event_id AS id, s.created_at FROM audit_event_scopes s WHERE ${where}${pageConditions('s', 'event_id', query)} ${newestFirst('s', 'event_id')})`;
  const perWorkspace = (branch: string) =>
    `(SELECT x.id, x.created_at FROM workspaces w CROSS JOIN LATERAL ${branch} x WHERE w.organization_id = :scopeId)`;
  if (scopeType === 'workspace') {
    return [
      own('a.workspace_id = :scopeId'),
      members("s.scope_type = 'workspace' AND s.scope_id = :scopeId"),
      // Members of the organization whose role carries into its workspaces (not billing_admin).
      members(
        "s.scope_type = 'account' AND s.carries AND s.scope_id = (SELECT w.organization_id FROM workspaces w WHERE w.id = :scopeId)",
      ),
    ].join(' UNION ');
  }
  return [
    own('a.organization_id = :scopeId'),
    perWorkspace(own('a.workspace_id = w.id')),
    members("s.scope_type = 'account' AND s.scope_id = :scopeId"),
    perWorkspace(members("s.scope_type = 'workspace' AND s.scope_id = w.id")),
  ].join(' UNION ');
}

/** Records who may see an account event: the scopes of its actor's accepted memberships made no later than it. */
const RECORD_EVENT_SCOPES = `
  INSERT INTO audit_event_scopes (event_id, scope_type, scope_id, carries, action, created_at)
  SELECT $1, m.scope_type, m.scope_id, m.role <> 'billing_admin', $2, $3
  FROM memberships m
  WHERE m.user_id = $4 AND m.status = 'accepted' AND m.created_at <= $3
  ON CONFLICT DO NOTHING`;

export class TypeormAuditLog implements AuditLog {
  /**
   * Outside a transaction an event is one row on its own (a secret reveal's),
   * so concurrent ones share a multi-row INSERT; each append still returns
   * only once its own row has committed.
   */
  private readonly outside: CoalescingWriter<AuditEventRecord> | null;

  constructor(private readonly scope: RepositoryScope) {
    this.outside = scope.inTransaction
      ? null
      : // Not TypeORM's multi-row insert: it builds its SQL anew each time, a tenth of a reveal's CPU.
        new CoalescingWriter((records) => writeRowsAsOne(this.scope.manager(), AuditEventSchema, records));
  }

  async append(event: AuditEvent): Promise<void> {
    const isAccountEvent =
      event.organizationId === null && event.workspaceId === null && event.actor.kind === 'user';
    const record = AuditEventMapper.toRecord(event);
    // Not inside a transaction's own session (PGlite): a shared insert would wait for it.
    const shareable = this.outside && this.scope.manager().queryRunner === undefined;
    if (shareable && !isAccountEvent) return this.outside.add(record);
    await translatingConflicts(insertRow(this.scope.manager(), AuditEventSchema, record));
    if (isAccountEvent && isUuid(event.actor.id)) {
      await this.scope
        .manager()
        .query(RECORD_EVENT_SCOPES, [event.id, event.action, event.createdAt, event.actor.id]);
    }
  }

  async countForOrganization(organizationId: string): Promise<number> {
    if (!isUuid(organizationId)) return 0;
    const [row] = (await this.scope.manager().query(
      `SELECT count(*)::int AS n FROM (
         SELECT a.id FROM audit_events a
         WHERE a.organization_id = $1
            OR a.workspace_id IN (SELECT w.id FROM workspaces w WHERE w.organization_id = $1)
         UNION
         SELECT s.event_id FROM audit_event_scopes s
         WHERE (s.scope_type = 'account' AND s.scope_id = $1)
            OR (s.scope_type = 'workspace' AND s.scope_id IN (SELECT w.id FROM workspaces w WHERE w.organization_id = $1))
       ) c`,
      [organizationId],
    )) as { n: number }[];
    return row?.n ?? 0;
  }

  async list(query: AuditQuery): Promise<AuditEvent[]> {
    const { scope } = query;
    if (!isUuid(scope.id)) return [];
    const records = await this.scope
      .manager()
      .createQueryBuilder(AuditEventSchema, 'e')
      .where(
        `e.id IN (SELECT c.id FROM (${branchesOf(scope.type, query)}) c ORDER BY c.created_at DESC, c.id DESC LIMIT :limit)`,
        {
          scopeId: scope.id,
          limit: query.limit,
          ...(query.action !== undefined ? { action: query.action } : {}),
          ...(query.before ? { beforeAt: query.before.createdAt, beforeId: query.before.id } : {}),
        },
      )
      .orderBy('e.createdAt', 'DESC')
      .addOrderBy('e.id', 'DESC')
      .getMany();
    return records.map(AuditEventMapper.toDomain);
  }

  async listAccountEvents(query: AccountEventQuery): Promise<AuditEvent[]> {
    if (!isUuid(query.userId)) return [];
    const q = this.scope
      .manager()
      .createQueryBuilder(AuditEventSchema, 'e')
      .where(
        "e.organization_id IS NULL AND e.workspace_id IS NULL AND e.actor_kind = 'user' AND e.actor_id = :userId",
        { userId: query.userId },
      );
    return this.page(q, query);
  }

  /** The action filter, the keyset cursor and the newest-first order shared by both lists. */
  private async page(
    q: SelectQueryBuilder<AuditEventRecord>,
    query: Pick<AuditQuery, 'action' | 'before' | 'limit'>,
  ): Promise<AuditEvent[]> {
    if (query.action !== undefined) q.andWhere('e.action = :action', { action: query.action });
    if (query.before) {
      q.andWhere('(e.created_at, e.id) < (:beforeAt, :beforeId)', {
        beforeAt: query.before.createdAt,
        beforeId: query.before.id,
      });
    }
    const records = await q
      .orderBy('e.createdAt', 'DESC')
      .addOrderBy('e.id', 'DESC')
      .limit(query.limit)
      .getMany();
    return records.map(AuditEventMapper.toDomain);
  }
}
