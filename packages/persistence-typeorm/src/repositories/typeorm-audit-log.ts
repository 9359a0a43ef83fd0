import type { AuditEvent, AuditLog, AuditQuery } from '@groundfloor/domain';
import { AuditEventMapper } from '../mappers/audit-event.mapper';
import { AuditEventSchema } from '../schemas/audit-event.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import type { RepositoryScope } from './repository-scope';

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
      .where(
        '(e.organizationId = :organizationId OR e.workspaceId IN (SELECT w.id FROM workspaces w WHERE w.organization_id = :organizationId))',
        { organizationId },
      )
      .getCount();
  }

  async list(query: AuditQuery): Promise<AuditEvent[]> {
    const { scope } = query;
    if (!isUuid(scope.id)) return [];
    const q = this.scope.manager().createQueryBuilder(AuditEventSchema, 'e');
    if (scope.type === 'organization') {
      q.where(
        '(e.organizationId = :scopeId OR e.workspaceId IN (SELECT w.id FROM workspaces w WHERE w.organization_id = :scopeId))',
        { scopeId: scope.id },
      );
    } else {
      q.where('e.workspaceId = :scopeId', { scopeId: scope.id });
    }
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
