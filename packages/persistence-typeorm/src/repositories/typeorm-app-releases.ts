import type { AppReleases, PublishedRelease, Release } from '@groundfloor/domain';
import { ReleaseMapper } from '../mappers/release.mapper';
import { ReleaseSchema } from '../schemas/release.schema';
import { isUuid } from '../uuid';
import type { RepositoryScope } from './repository-scope';

const view = (r: Release): PublishedRelease => ({
  releaseId: r.id,
  appId: r.appId,
  label: r.label,
  entryPath: r.entryPath as string,
  digest: r.digest as string,
});

/** Apps' view of the `releases` table (published releases only). */
export class TypeormAppReleases implements AppReleases {
  constructor(readonly scope: RepositoryScope) {}

  async findCurrent(appId: string): Promise<PublishedRelease | null> {
    if (!isUuid(appId)) return null;
    const record = await this.scope
      .manager()
      .findOne(ReleaseSchema, { where: { appId, isCurrent: true, status: 'published' } });
    return record ? view(ReleaseMapper.toDomain(record)) : null;
  }

  async findPublished(appId: string, releaseId: string): Promise<PublishedRelease | null> {
    if (!isUuid(appId) || !isUuid(releaseId)) return null;
    const record = await this.scope
      .manager()
      .findOne(ReleaseSchema, { where: { appId, id: releaseId, status: 'published' } });
    return record ? view(ReleaseMapper.toDomain(record)) : null;
  }

  /** A new row that shares the source's stored files (its content prefix), current for the target app. */
  async publishCopy(
    release: PublishedRelease,
    targetAppId: string,
    newReleaseId: string,
    at: Date,
  ): Promise<PublishedRelease> {
    const manager = this.scope.manager();
    const source = await manager.findOne(ReleaseSchema, { where: { id: release.releaseId } });
    if (!source) throw new Error(`no release ${release.releaseId}`);
    await manager.update(ReleaseSchema, { appId: targetAppId, isCurrent: true }, { isCurrent: false });
    const copy: Release = {
      ...ReleaseMapper.toDomain(source),
      id: newReleaseId,
      appId: targetAppId,
      uploadKey: null,
      current: true,
      createdAt: at,
      publishedAt: at,
    };
    await manager.insert(ReleaseSchema, ReleaseMapper.toRecord(copy));
    return view(copy);
  }
}
