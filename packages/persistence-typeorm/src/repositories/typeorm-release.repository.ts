import type { Release, ReleaseRepository } from '@groundfloor/domain';
import { ReleaseMapper } from '../mappers/release.mapper';
import { ReleaseSchema } from '../schemas/release.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';

export class TypeormReleaseRepository implements ReleaseRepository {
  constructor(private readonly scope: RepositoryScope) {}

  /** The partial unique index `releases_app_id_current_key` keeps one current release per app. */
  async save(release: Release): Promise<void> {
    await translatingConflicts(
      this.scope.manager().upsert(ReleaseSchema, ReleaseMapper.toRecord(release), ['id']),
    );
  }

  findById(appId: string, id: string): Promise<Release | null> {
    return this.find(appId, id, false);
  }

  findByIdForUpdate(appId: string, id: string): Promise<Release | null> {
    return this.find(appId, id, true);
  }

  async findPublishedById(id: string): Promise<Release | null> {
    if (!isUuid(id)) return null;
    const record = await this.scope.manager().findOne(ReleaseSchema, { where: { id, status: 'published' } });
    return record ? ReleaseMapper.toDomain(record) : null;
  }

  async findCurrent(appId: string): Promise<Release | null> {
    if (!isUuid(appId)) return null;
    const record = await this.scope.manager().findOne(ReleaseSchema, { where: { appId, isCurrent: true } });
    return record ? ReleaseMapper.toDomain(record) : null;
  }

  async listByApp(appId: string, limit: number): Promise<Release[]> {
    if (!isUuid(appId)) return [];
    const records = await this.scope
      .manager()
      .createQueryBuilder(ReleaseSchema, 'r')
      .where('r.appId = :appId', { appId })
      .orderBy('r.createdAt', 'DESC')
      .addOrderBy('r.id', 'DESC')
      .limit(limit)
      .getMany();
    return records.map(ReleaseMapper.toDomain);
  }

  async sumActiveBytes(organizationId: string): Promise<number> {
    if (!isUuid(organizationId)) return 0;
    const rows: { total: string | number | null }[] = await this.scope.manager().query(
      `SELECT COALESCE(SUM(r.published_bytes), 0) AS total
         FROM releases r
         JOIN apps a ON a.id = r.app_id
         JOIN workspaces w ON w.id = a.workspace_id
        WHERE w.organization_id = $1 AND a.status = 'active' AND r.is_current`,
      [organizationId],
    );
    return Number(rows[0]?.total ?? 0);
  }

  private async find(appId: string, id: string, forUpdate: boolean): Promise<Release | null> {
    if (!isUuid(appId) || !isUuid(id)) return null;
    const record = await this.scope
      .manager()
      .findOne(ReleaseSchema, { where: { appId, id }, ...lockFor(this.scope, forUpdate) });
    return record ? ReleaseMapper.toDomain(record) : null;
  }
}
