import type {
  AppEndpoint,
  AppEndpointRepository,
  BrandedHostLookup,
  CustomDomain,
  CustomDomainRepository,
} from '@groundfloor/domain';
import { AppEndpointMapper, CustomDomainMapper } from '../mappers/custom-domain.mapper';
import { AppEndpointSchema } from '../schemas/app-endpoint.schema';
import { CustomDomainSchema } from '../schemas/custom-domain.schema';
import { SignInConfigSchema } from '../schemas/sign-in-config.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';

export class TypeormCustomDomainRepository implements CustomDomainRepository {
  constructor(private readonly scope: RepositoryScope) {}

  /** A plain INSERT: the unique index `custom_domains_domain_key` turns a race into `duplicate`. */
  async insert(domain: CustomDomain): Promise<void> {
    await translatingConflicts(
      this.scope.manager().insert(CustomDomainSchema, CustomDomainMapper.toRecord(domain)),
    );
  }

  async update(domain: CustomDomain): Promise<void> {
    const { id, status, lastCheckedAt, detail } = CustomDomainMapper.toRecord(domain);
    await this.scope.manager().update(CustomDomainSchema, { id }, { status, lastCheckedAt, detail });
  }

  find(appId: string, domain: string): Promise<CustomDomain | null> {
    return this.findOne(appId, domain, false);
  }

  findForUpdate(appId: string, domain: string): Promise<CustomDomain | null> {
    return this.findOne(appId, domain, true);
  }

  async listByApp(appId: string): Promise<CustomDomain[]> {
    if (!isUuid(appId)) return [];
    const records = await this.scope
      .manager()
      .createQueryBuilder(CustomDomainSchema, 'd')
      .where('d.appId = :appId', { appId })
      .orderBy('d.domain COLLATE "C"', 'ASC')
      .getMany();
    return records.map(CustomDomainMapper.toDomain);
  }

  async findByDomain(domain: string): Promise<CustomDomain | null> {
    const record = await this.scope.manager().findOne(CustomDomainSchema, { where: { domain } });
    return record ? CustomDomainMapper.toDomain(record) : null;
  }

  async delete(appId: string, domain: string): Promise<boolean> {
    if (!isUuid(appId)) return false;
    const result = await this.scope.manager().delete(CustomDomainSchema, { appId, domain });
    return (result.affected ?? 0) > 0;
  }

  private async findOne(appId: string, domain: string, forUpdate: boolean): Promise<CustomDomain | null> {
    if (!isUuid(appId)) return null;
    const record = await this.scope
      .manager()
      .findOne(CustomDomainSchema, { where: { appId, domain }, ...lockFor(this.scope, forUpdate) });
    return record ? CustomDomainMapper.toDomain(record) : null;
  }
}

/** The custom sign-in hosts workspaces claim, pending or verified (the unique index keeps them lowercase). */
export class TypeormBrandedHosts implements BrandedHostLookup {
  constructor(readonly scope: RepositoryScope) {}
  async isBrandedHost(hostname: string): Promise<boolean> {
    return this.scope
      .manager()
      .exists(SignInConfigSchema, { where: { hostCustomDomain: hostname.toLowerCase() } });
  }
  async lockHostname(hostname: string): Promise<void> {
    await this.scope
      .manager()
      .query('SELECT pg_advisory_xact_lock(hashtext($1))', [`hostname:${hostname.toLowerCase()}`]);
  }
}

export class TypeormAppEndpointRepository implements AppEndpointRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async find(appId: string): Promise<AppEndpoint | null> {
    if (!isUuid(appId)) return null;
    const record = await this.scope.manager().findOne(AppEndpointSchema, { where: { appId } });
    return record ? AppEndpointMapper.toDomain(record) : null;
  }

  async save(endpoint: AppEndpoint): Promise<void> {
    await this.scope.manager().upsert(AppEndpointSchema, AppEndpointMapper.toRecord(endpoint), ['appId']);
  }
}
