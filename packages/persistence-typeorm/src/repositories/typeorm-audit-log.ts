import type { AuditEvent, AuditLog } from '@groundfloor/domain';
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
}
