import type { VirtualKey } from '@groundfloor/domain';
import type { VirtualKeyRecord } from '../schemas/virtual-key.schema';

export const VirtualKeyMapper = {
  toRecord(k: VirtualKey): VirtualKeyRecord {
    return {
      workspaceId: k.workspaceId,
      aliasCount: k.aliasCount,
      currentAlias: k.currentAlias,
      updatedAt: k.updatedAt,
    };
  },
  toDomain(r: VirtualKeyRecord): VirtualKey {
    return {
      workspaceId: r.workspaceId,
      aliasCount: r.aliasCount,
      currentAlias: r.currentAlias,
      updatedAt: r.updatedAt,
    };
  },
};
