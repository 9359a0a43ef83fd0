import type { M2mClient, M2mScope } from '@groundfloor/domain';
import type { M2mClientRecord } from '../schemas/m2m-client.schema';

export const M2mClientMapper = {
  toRecord(c: M2mClient): M2mClientRecord {
    return {
      id: c.id,
      workspaceId: c.workspaceId,
      name: c.name,
      secretHash: c.secretHash,
      scopes: [...c.scopes],
      createdAt: c.createdAt,
    };
  },
  toDomain(r: M2mClientRecord): M2mClient {
    return {
      id: r.id,
      workspaceId: r.workspaceId,
      name: r.name,
      secretHash: r.secretHash,
      scopes: r.scopes as M2mScope[],
      createdAt: r.createdAt,
    };
  },
};
