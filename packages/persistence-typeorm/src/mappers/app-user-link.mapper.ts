import type { AppUserLink, AppUserLinkKind } from '@groundfloor/domain';
import type { AppUserLinkRecord } from '../schemas/app-user-link.schema';

export const AppUserLinkMapper = {
  toRecord(l: AppUserLink): AppUserLinkRecord {
    return { ...l };
  },
  toDomain(r: AppUserLinkRecord): AppUserLink {
    return {
      id: r.id,
      workspaceId: r.workspaceId,
      userId: r.userId,
      kind: r.kind as AppUserLinkKind,
      tokenHash: r.tokenHash,
      appId: r.appId,
      createdAt: r.createdAt,
      expiresAt: r.expiresAt,
      usedAt: r.usedAt,
      cancelledAt: r.cancelledAt,
    };
  },
};
