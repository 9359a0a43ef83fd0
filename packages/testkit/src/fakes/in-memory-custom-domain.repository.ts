import type {
  AppEndpoint,
  AppEndpointRepository,
  BrandedHostLookup,
  CustomDomain,
  CustomDomainRepository,
} from '@groundfloor/domain';
import { DomainError } from '@groundfloor/domain';
import type { InMemoryTables } from './in-memory-repositories';

const copy = <T>(value: T): T => structuredClone(value);

/** Mirrors `TypeormCustomDomainRepository`; the name check stands in for the platform-wide unique index. */
export class InMemoryCustomDomainRepository implements CustomDomainRepository {
  constructor(private readonly t: () => InMemoryTables) {}

  async insert(domain: CustomDomain) {
    for (const other of this.t().customDomains.values()) {
      if (other.domain === domain.domain)
        throw new DomainError('conflict', 'duplicate', 'this domain is already added to an app');
    }
    this.t().customDomains.set(domain.id, copy(domain));
  }
  async update(domain: CustomDomain) {
    if (this.t().customDomains.has(domain.id)) this.t().customDomains.set(domain.id, copy(domain));
  }
  async find(appId: string, domain: string) {
    for (const d of this.t().customDomains.values())
      if (d.appId === appId && d.domain === domain) return copy(d);
    return null;
  }
  findForUpdate(appId: string, domain: string) {
    return this.find(appId, domain);
  }
  async listByApp(appId: string) {
    return [...this.t().customDomains.values()]
      .filter((d) => d.appId === appId)
      .sort((a, b) => (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0))
      .map(copy);
  }
  async findByDomain(domain: string) {
    for (const d of this.t().customDomains.values()) if (d.domain === domain) return copy(d);
    return null;
  }
  async delete(appId: string, domain: string) {
    const found = await this.find(appId, domain);
    if (!found) return false;
    this.t().customDomains.delete(found.id);
    return true;
  }
}

/** Mirrors `TypeormBrandedHosts`: custom sign-in hosts claimed by a workspace, plus any tests add to `tables.brandedHosts`. */
export class InMemoryBrandedHosts implements BrandedHostLookup {
  constructor(private readonly t: () => InMemoryTables) {}
  async isBrandedHost(hostname: string) {
    const wanted = hostname.toLowerCase();
    if (this.t().brandedHosts.has(wanted)) return true;
    for (const c of this.t().signInConfigs.values())
      if (c.host.customDomain?.toLowerCase() === wanted) return true;
    return false;
  }
  /** The fake's transactions already run one at a time. */
  async lockHostname(_hostname: string) {}
}

export class InMemoryAppEndpointRepository implements AppEndpointRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async find(appId: string) {
    const e = this.t().appEndpoints.get(appId);
    return e ? copy(e) : null;
  }
  async save(endpoint: AppEndpoint) {
    this.t().appEndpoints.set(endpoint.appId, copy(endpoint));
  }
}
