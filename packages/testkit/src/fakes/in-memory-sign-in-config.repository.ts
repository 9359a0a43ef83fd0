import type {
  SignInAsset,
  SignInAssetRepository,
  SignInConfig,
  SignInConfigRepository,
} from '@groundfloor/domain';
import { DomainError } from '@groundfloor/domain';
import type { InMemoryTables } from './in-memory-repositories';

const copy = <T>(value: T): T => structuredClone(value);

/** Mirrors `TypeormSignInConfigRepository`; the domain check stands in for the platform-wide unique index. */
export class InMemorySignInConfigRepository implements SignInConfigRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async find(workspaceId: string) {
    const c = this.t().signInConfigs.get(workspaceId);
    return c ? copy(c) : null;
  }
  findForUpdate(workspaceId: string) {
    return this.find(workspaceId);
  }
  async save(config: SignInConfig) {
    const domain = config.host.customDomain?.toLowerCase();
    if (domain) {
      for (const other of this.t().signInConfigs.values()) {
        if (other.workspaceId !== config.workspaceId && other.host.customDomain?.toLowerCase() === domain)
          throw new DomainError('conflict', 'duplicate', 'another workspace already claims this host');
      }
    }
    this.t().signInConfigs.set(config.workspaceId, copy(config));
  }
  async findByVerifiedHost(host: string) {
    const wanted = host.toLowerCase();
    for (const c of this.t().signInConfigs.values()) {
      if (c.host.customDomain?.toLowerCase() === wanted && c.host.customDomainStatus === 'verified')
        return copy(c);
    }
    return null;
  }
  async findByClaimedHost(host: string) {
    const wanted = host.toLowerCase();
    for (const c of this.t().signInConfigs.values()) {
      if (c.host.customDomain?.toLowerCase() === wanted) return copy(c);
    }
    return null;
  }
  async listWithMailPassword(afterWorkspaceId: string | null, limit: number) {
    return [...this.t().signInConfigs.values()]
      .filter((c) => c.mail.mode === 'custom' && c.mail.password !== null)
      .filter((c) => afterWorkspaceId === null || c.workspaceId > afterWorkspaceId)
      .sort((a, b) => (a.workspaceId < b.workspaceId ? -1 : a.workspaceId > b.workspaceId ? 1 : 0))
      .slice(0, limit)
      .map(copy);
  }
  async delete(workspaceId: string) {
    this.t().signInConfigs.delete(workspaceId);
  }
}

/** Mirrors `TypeormSignInAssetRepository`. */
export class InMemorySignInAssetRepository implements SignInAssetRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async find(workspaceId: string, kind: SignInAsset['kind']) {
    const a = this.t().signInAssets.get(`${workspaceId}/${kind}`);
    return a ? copy(a) : null;
  }
  async save(asset: SignInAsset) {
    this.t().signInAssets.set(`${asset.workspaceId}/${asset.kind}`, copy(asset));
  }
  async delete(workspaceId: string, kind: SignInAsset['kind']) {
    this.t().signInAssets.delete(`${workspaceId}/${kind}`);
  }
  async deleteAll(workspaceId: string) {
    for (const key of [...this.t().signInAssets.keys()])
      if (key.startsWith(`${workspaceId}/`)) this.t().signInAssets.delete(key);
  }
}
