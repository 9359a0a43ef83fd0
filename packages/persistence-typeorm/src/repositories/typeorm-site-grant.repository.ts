import {
  distinctGrants,
  type GrantTarget,
  isCoveredBy,
  type SiteGrant,
  type SiteGrantRepository,
} from '@groundfloor/domain';
import type { FindOptionsWhere } from 'typeorm';
import { SiteRoleGrantMapper } from '../mappers/site-role-grant.mapper';
import { type SiteRoleGrantRecord, SiteRoleGrantSchema } from '../schemas/site-role-grant.schema';
import { isUuid } from '../uuid';
import type { RepositoryScope } from './repository-scope';

/** The rows a target covers. */
function whereTarget(workspaceId: string, target: GrantTarget): FindOptionsWhere<SiteRoleGrantRecord> {
  if (target.resource === 'collection' && target.collection !== undefined) {
    return { workspaceId, resource: 'collection', resourceId: target.collection };
  }
  if (target.resource === 'app' && target.appId !== undefined) {
    return { workspaceId, resource: 'app', resourceId: target.appId };
  }
  return { workspaceId, resource: target.resource };
}

export class TypeormSiteGrantRepository implements SiteGrantRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async list(workspaceId: string, target?: GrantTarget): Promise<SiteGrant[]> {
    if (!isUuid(workspaceId)) return [];
    const where = target ? whereTarget(workspaceId, target) : { workspaceId };
    const records = await this.scope.manager().find(SiteRoleGrantSchema, { where });
    // Sorted here rather than in SQL, so every adapter lists in the same (code-unit) order.
    return distinctGrants(records.map(SiteRoleGrantMapper.toDomain));
  }

  async replace(workspaceId: string, target: GrantTarget, grants: readonly SiteGrant[]): Promise<void> {
    const stray = grants.find((g) => !isCoveredBy(g, target));
    if (stray) throw new Error(`grant outside the replaced target: ${JSON.stringify(stray)}`);
    const manager = this.scope.manager();
    await manager.delete(SiteRoleGrantSchema, whereTarget(workspaceId, target));
    const records = distinctGrants(grants).map((g) => SiteRoleGrantMapper.toRecord(workspaceId, g));
    if (records.length > 0) await manager.insert(SiteRoleGrantSchema, records);
  }
}
