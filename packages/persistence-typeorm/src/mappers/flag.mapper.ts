import type { Flag } from '@groundfloor/domain';
import type { FlagRecord } from '../schemas/flag.schema';

export const FlagMapper = {
  toRecord(f: Flag): FlagRecord {
    return {
      workspaceId: f.workspaceId,
      key: f.key,
      valueJson: JSON.stringify(f.value),
      updatedAt: f.updatedAt,
    };
  },
  toDomain(r: FlagRecord): Flag {
    return { workspaceId: r.workspaceId, key: r.key, value: JSON.parse(r.valueJson), updatedAt: r.updatedAt };
  },
};
