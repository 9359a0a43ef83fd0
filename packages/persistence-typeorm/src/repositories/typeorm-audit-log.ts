import type { AccountEventQuery, AuditEvent, AuditLog, AuditQuery } from '@groundfloor/domain';
import type { SelectQueryBuilder } from 'typeorm';
import { AuditEventMapper } from '../mappers/audit-event.mapper';
import { type AuditEventRecord, AuditEventSchema } from '../schemas/audit-event.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import type { RepositoryScope } from './repository-scope';

/** Events recorded on an organization or on any of its workspaces. */
const ORGANIZATION_EVENTS =
  '(e.organizationId = :scopeId OR e.workspaceId IN (SELECT w.id FROM workspaces w WHERE w.organization_id = :scopeId))';

/**
 * A team member's own account events (sign-in, sign-out, password changes:
 * recorded with no organization or workspace) as the audit routes show them:
 * those of members holding an accepted membership there, from when it was
 * made. `scope` is the membership condition on `m`.
 */
const memberAccountEvents = (scope: string) =>
  // Column names, not property names: TypeORM rewrites `e.property` only in some positions.
  `(e.organization_id IS NULL AND e.workspace_id IS NULL AND e.actor_kind = 'user' AND EXISTS (
    SELECT 1 FROM memberships m
    WHERE CAST(m.user_id AS text) = e.actor_id AND m.status = 'accepted' AND m.created_at <= e.created_at
      AND (${scope})))`;

const ORGANIZATION_MEMBER_EVENTS = memberAccountEvents(
  `(m.scope_type = 'account' AND m.scope_id = :scopeId)
   OR (m.scope_type = 'workspace' AND m.scope_id IN (SELECT w.id FROM workspaces w WHERE w.organization_id = :scopeId))`,
);

/** On a workspace: its own members, and the organization's members whose role carries in (not billing_admin). */
const WORKSPACE_MEMBER_EVENTS = memberAccountEvents(
  `(m.scope_type = 'workspace' AND m.scope_id = :scopeId)
   OR (m.scope_type = 'account' AND m.role <> 'billing_admin'
       AND m.scope_id IN (SELECT w.organization_id FROM workspaces w WHERE w.id = :scopeId))`,
);

export class TypeormAuditLog implements AuditLog {
  constructor(private readonly scope: RepositoryScope) {}

  async append(event: AuditEvent): Promise<void> {
    await translatingConflicts(
      this.scope.manager().insert(AuditEventSchema, AuditEventMapper.toRecord(event)),
    );
  }

  countForOrganization(organizationId: string): Promise<number> {
    if (!isUuid(organizationId)) return Promise.resolve(0);
    return this.scope
      .manager()
      .createQueryBuilder(AuditEventSchema, 'e')
      .where(`(${ORGANIZATION_EVENTS} OR ${ORGANIZATION_MEMBER_EVENTS})`, { scopeId: organizationId })
      .getCount();
  }

  async list(query: AuditQuery): Promise<AuditEvent[]> {
    const { scope } = query;
    if (!isUuid(scope.id)) return [];
    const q = this.scope.manager().createQueryBuilder(AuditEventSchema, 'e');
    if (scope.type === 'organization') {
      q.where(`(${ORGANIZATION_EVENTS} OR ${ORGANIZATION_MEMBER_EVENTS})`, { scopeId: scope.id });
    } else {
      q.where(`(e.workspaceId = :scopeId OR ${WORKSPACE_MEMBER_EVENTS})`, { scopeId: scope.id });
    }
    return this.page(q, query);
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
      q.andWhere('(e.createdAt < :beforeAt OR (e.createdAt = :beforeAt AND e.id < :beforeId))', {
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
