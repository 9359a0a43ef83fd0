import type { Workspace, WorkspaceAccessRead, WorkspaceRepository } from '@groundfloor/domain';
import { In } from 'typeorm';
import { MembershipMapper } from '../mappers/membership.mapper';
import { OrganizationMapper } from '../mappers/organization.mapper';
import { WorkspaceMapper } from '../mappers/workspace.mapper';
import { WorkspaceSchema } from '../schemas/workspace.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid, onlyUuids } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';

export class TypeormWorkspaceRepository implements WorkspaceRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(workspace: Workspace): Promise<void> {
    await translatingConflicts(
      this.scope.manager().upsert(WorkspaceSchema, WorkspaceMapper.toRecord(workspace), ['id']),
    );
  }

  findById(id: string): Promise<Workspace | null> {
    return this.find(id, false);
  }

  findByIdForUpdate(id: string): Promise<Workspace | null> {
    return this.find(id, true);
  }

  private async find(id: string, forUpdate: boolean): Promise<Workspace | null> {
    if (!isUuid(id)) return null;
    const record = await this.scope
      .manager()
      .findOne(WorkspaceSchema, { where: { id }, ...lockFor(this.scope, forUpdate) });
    return record ? WorkspaceMapper.toDomain(record) : null;
  }

  async findByIds(ids: readonly string[]): Promise<Workspace[]> {
    const wanted = onlyUuids(ids);
    if (wanted.length === 0) return [];
    const records = await this.scope.manager().find(WorkspaceSchema, { where: { id: In(wanted) } });
    return records.map(WorkspaceMapper.toDomain);
  }

  async listByOrganization(organizationId: string): Promise<Workspace[]> {
    if (!isUuid(organizationId)) return [];
    const records = await this.scope
      .manager()
      .find(WorkspaceSchema, { where: { organizationId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return records.map(WorkspaceMapper.toDomain);
  }

  /**
   * One parameterised statement instead of three TypeORM reads: this runs on
   * every workspace request, and each round trip costs more than the query.
   * The membership filter is `listForUserInOrganization`'s.
   */
  async findForAccess(workspaceId: string, userId: string): Promise<WorkspaceAccessRead | null> {
    if (!isUuid(workspaceId)) return null;
    const rows: AccessRow[] = await this.scope
      .manager()
      .query(FIND_FOR_ACCESS, [workspaceId, isUuid(userId) ? userId : null]);
    const first = rows[0];
    if (!first) return null;
    return {
      workspace: WorkspaceMapper.toDomain({
        id: first.w_id,
        organizationId: first.w_organization_id,
        name: first.w_name,
        status: first.w_status,
        createdAt: first.w_created_at,
      }),
      organization: OrganizationMapper.toDomain({
        id: first.o_id,
        name: first.o_name,
        planTier: first.o_plan_tier,
        status: first.o_status,
        limitOverrides: first.o_limit_overrides,
        createdAt: first.o_created_at,
      }),
      memberships: rows
        .filter((r) => r.m_id !== null)
        .map((r) =>
          MembershipMapper.toDomain({
            id: r.m_id as string,
            userId: r.m_user_id as string,
            scopeType: r.m_scope_type as string,
            scopeId: r.m_scope_id as string,
            role: r.m_role as string,
            status: r.m_status as string,
            createdAt: r.m_created_at as Date,
            expiresAt: r.m_expires_at,
            invitedByUserId: r.m_invited_by_user_id,
          }),
        ),
    };
  }

  countByOrganization(organizationId: string): Promise<number> {
    if (!isUuid(organizationId)) return Promise.resolve(0);
    return this.scope.manager().count(WorkspaceSchema, { where: { organizationId } });
  }
}

interface AccessRow {
  w_id: string;
  w_organization_id: string;
  w_name: string;
  w_status: string;
  w_created_at: Date;
  o_id: string;
  o_name: string;
  o_plan_tier: string;
  o_status: string;
  o_limit_overrides: Record<string, number | null>;
  o_created_at: Date;
  m_id: string | null;
  m_user_id: string | null;
  m_scope_type: string | null;
  m_scope_id: string | null;
  m_role: string | null;
  m_status: string | null;
  m_created_at: Date | null;
  m_expires_at: Date | null;
  m_invited_by_user_id: string | null;
}

const FIND_FOR_ACCESS = `
SELECT w.id AS w_id, w.organization_id AS w_organization_id, w.name AS w_name,
       w.status AS w_status, w.created_at AS w_created_at,
       o.id AS o_id, o.name AS o_name, o.plan_tier AS o_plan_tier, o.status AS o_status,
       o.limit_overrides AS o_limit_overrides, o.created_at AS o_created_at,
       m.id AS m_id, m.user_id AS m_user_id, m.scope_type AS m_scope_type, m.scope_id AS m_scope_id,
       m.role AS m_role, m.status AS m_status, m.created_at AS m_created_at,
       m.expires_at AS m_expires_at, m.invited_by_user_id AS m_invited_by_user_id
  FROM workspaces w
  JOIN organizations o ON o.id = w.organization_id
  LEFT JOIN memberships m ON m.user_id = $2::uuid AND (
       (m.scope_type = 'account' AND m.scope_id = o.id)
    OR (m.scope_type = 'workspace'
        AND m.scope_id IN (SELECT w2.id FROM workspaces w2 WHERE w2.organization_id = o.id)))
 WHERE w.id = $1::uuid
 ORDER BY m.created_at ASC, m.id ASC`;
