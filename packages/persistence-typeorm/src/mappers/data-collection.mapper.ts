import type { CollectionAction, DataCollection } from '@groundfloor/domain';
import type { DataCollectionRecord } from '../schemas/data-collection.schema';

export const DataCollectionMapper = {
  toRecord(c: DataCollection): DataCollectionRecord {
    return {
      workspaceId: c.workspaceId,
      name: c.name,
      createdAt: c.createdAt,
      workloadGrants: c.workloadGrants.map((g) => ({ workloadId: g.workloadId, action: g.action })),
    };
  },
  toDomain(r: DataCollectionRecord): DataCollection {
    return {
      workspaceId: r.workspaceId,
      name: r.name,
      createdAt: r.createdAt,
      workloadGrants: r.workloadGrants.map((g) => ({
        workloadId: g.workloadId,
        action: g.action as CollectionAction,
      })),
    };
  },
};
