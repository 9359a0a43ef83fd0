import {
  distinctGrants,
  type GrantTarget,
  isCoveredByAny,
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
    const records = await this.scope
      .manager()
      .find(SiteRoleGrantSchema, { where, order: { ordinal: 'ASC' } });
    return records.map(SiteRoleGrantMapper.toDomain);
  }

  async replace(
    workspaceId: string,
    target: GrantTarget | readonly GrantTarget[],
    grants: readonly SiteGrant[],
  ): Promise<void> {
    const targets: readonly GrantTarget[] = Array.isArray(target) ? target : [target as GrantTarget];
    const stray = grants.find((g) => !isCoveredByAny(g, targets));
    if (stray) throw new Error(`grant outside the replaced target: ${JSON.stringify(stray)}`);
    const manager = this.scope.manager();
    for (const t of targets) await manager.delete(SiteRoleGrantSchema, whereTarget(workspaceId, t));
    // One multi-row INSERT: each row takes the sequence's next number in the order given.
    const records = distinctGrants(grants).map((g) => SiteRoleGrantMapper.toRecord(workspaceId, g));
    if (records.length > 0) await manager.insert(SiteRoleGrantSchema, records);
  }
}
