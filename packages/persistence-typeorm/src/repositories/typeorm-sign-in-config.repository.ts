import type {
  BrandingAssetKind,
  SignInAsset,
  SignInAssetRepository,
  SignInConfig,
  SignInConfigRepository,
} from '@groundfloor/domain';
import { SignInConfigMapper } from '../mappers/sign-in-config.mapper';
import { SignInAssetSchema } from '../schemas/sign-in-asset.schema';
import { SignInConfigSchema } from '../schemas/sign-in-config.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';

export class TypeormSignInConfigRepository implements SignInConfigRepository {
  constructor(private readonly scope: RepositoryScope) {}

  find(workspaceId: string): Promise<SignInConfig | null> {
    return this.findOne(workspaceId, false);
  }

  findForUpdate(workspaceId: string): Promise<SignInConfig | null> {
    return this.findOne(workspaceId, true);
  }

  /** The unique index `sign_in_configs_custom_domain_key` turns a second claim of one host into `duplicate`. */
  async save(config: SignInConfig): Promise<void> {
    const record = SignInConfigMapper.toRecord(config);
    if (record.hostCustomDomain) record.hostCustomDomain = record.hostCustomDomain.toLowerCase();
    await translatingConflicts(this.scope.manager().upsert(SignInConfigSchema, record, ['workspaceId']));
  }

  async findByVerifiedHost(host: string): Promise<SignInConfig | null> {
    const record = await this.scope.manager().findOne(SignInConfigSchema, {
      where: { hostCustomDomain: host.toLowerCase(), hostCustomDomainStatus: 'verified' },
    });
    return record ? SignInConfigMapper.toDomain(record) : null;
  }

  async findByClaimedHost(host: string): Promise<SignInConfig | null> {
    const record = await this.scope.manager().findOne(SignInConfigSchema, {
      where: { hostCustomDomain: host.toLowerCase() },
    });
    return record ? SignInConfigMapper.toDomain(record) : null;
  }

  async listWithMailPassword(afterWorkspaceId: string | null, limit: number): Promise<SignInConfig[]> {
    const query = this.scope
      .manager()
      .createQueryBuilder(SignInConfigSchema, 'c')
      .where(`("c"."mail_json"::jsonb ->> 'mode') = 'custom'`)
      .andWhere(`jsonb_typeof("c"."mail_json"::jsonb -> 'password') = 'object'`)
      .orderBy('c.workspaceId', 'ASC')
      .limit(limit);
    if (afterWorkspaceId !== null) query.andWhere('c.workspaceId > :after', { after: afterWorkspaceId });
    return (await query.getMany()).map(SignInConfigMapper.toDomain);
  }

  async delete(workspaceId: string): Promise<void> {
    if (!isUuid(workspaceId)) return;
    await this.scope.manager().delete(SignInConfigSchema, { workspaceId });
  }

  private async findOne(workspaceId: string, forUpdate: boolean): Promise<SignInConfig | null> {
    if (!isUuid(workspaceId)) return null;
    const record = await this.scope
      .manager()
      .findOne(SignInConfigSchema, { where: { workspaceId }, ...lockFor(this.scope, forUpdate) });
    return record ? SignInConfigMapper.toDomain(record) : null;
  }
}

export class TypeormSignInAssetRepository implements SignInAssetRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async find(workspaceId: string, kind: BrandingAssetKind): Promise<SignInAsset | null> {
    if (!isUuid(workspaceId)) return null;
    const r = await this.scope.manager().findOne(SignInAssetSchema, { where: { workspaceId, kind } });
    if (!r) return null;
    return {
      workspaceId: r.workspaceId,
      kind: r.kind as BrandingAssetKind,
      contentType: r.contentType,
      bytes: new Uint8Array(r.bytes),
      updatedAt: r.updatedAt,
    };
  }

  async save(asset: SignInAsset): Promise<void> {
    await this.scope.manager().upsert(
      SignInAssetSchema,
      {
        workspaceId: asset.workspaceId,
        kind: asset.kind,
        contentType: asset.contentType,
        bytes: Buffer.from(asset.bytes),
        updatedAt: asset.updatedAt,
      },
      ['workspaceId', 'kind'],
    );
  }

  async delete(workspaceId: string, kind: BrandingAssetKind): Promise<void> {
    if (!isUuid(workspaceId)) return;
    await this.scope.manager().delete(SignInAssetSchema, { workspaceId, kind });
  }

  async deleteAll(workspaceId: string): Promise<void> {
    if (!isUuid(workspaceId)) return;
    await this.scope.manager().delete(SignInAssetSchema, { workspaceId });
  }
}
