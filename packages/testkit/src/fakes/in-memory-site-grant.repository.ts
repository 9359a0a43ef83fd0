import type { GrantTarget, SiteGrant, SiteGrantRepository } from '@groundfloor/domain';
import { distinctGrants, isCoveredBy, isCoveredByAny } from '@groundfloor/domain';
import type { InMemoryTables } from './in-memory-repositories';

const copy = <T>(value: T): T => structuredClone(value);

/** Mirrors `TypeormSiteGrantRepository`. */
export class InMemorySiteGrantRepository implements SiteGrantRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async list(workspaceId: string, target?: GrantTarget) {
    const grants = this.t()
      .siteGrants.filter((row) => row.workspaceId === workspaceId)
      .map((row) => row.grant)
      .filter((g) => target === undefined || isCoveredBy(g, target));
    return grants.map(copy);
  }
  /** Rows keep the order they were inserted in, as the sequence numbers them there. */
  async replace(
    workspaceId: string,
    target: GrantTarget | readonly GrantTarget[],
    grants: readonly SiteGrant[],
  ) {
    const targets: readonly GrantTarget[] = Array.isArray(target) ? target : [target as GrantTarget];
    const stray = grants.find((g) => !isCoveredByAny(g, targets));
    if (stray) throw new Error(`grant outside the replaced target: ${JSON.stringify(stray)}`);
    const tables = this.t();
    tables.siteGrants = [
      ...tables.siteGrants.filter(
        (row) => row.workspaceId !== workspaceId || !isCoveredByAny(row.grant, targets),
      ),
      ...distinctGrants(grants).map((grant) => ({ workspaceId, grant: copy(grant) })),
    ];
  }
}
