import type { GrantTarget, SiteGrant, SiteGrantRepository } from '@groundfloor/domain';
import { distinctGrants, isCoveredBy } from '@groundfloor/domain';
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
    return distinctGrants(grants).map(copy);
  }
  async replace(workspaceId: string, target: GrantTarget, grants: readonly SiteGrant[]) {
    const stray = grants.find((g) => !isCoveredBy(g, target));
    if (stray) throw new Error(`grant outside the replaced target: ${JSON.stringify(stray)}`);
    const tables = this.t();
    tables.siteGrants = [
      ...tables.siteGrants.filter(
        (row) => row.workspaceId !== workspaceId || !isCoveredBy(row.grant, target),
      ),
      ...distinctGrants(grants).map((grant) => ({ workspaceId, grant: copy(grant) })),
    ];
  }
}
