import type { App, AppKind, AppStatus, AppVisibility } from '@groundfloor/domain';
import type { AppRecord } from '../schemas/app.schema';

export const AppMapper = {
  toRecord(a: App): AppRecord {
    return {
      id: a.id,
      workspaceId: a.workspaceId,
      name: a.name,
      slug: a.slug,
      kind: a.kind,
      environmentId: a.environmentId,
      primaryCoderunnerId: a.primaryCoderunnerId,
      manifestJson: JSON.stringify(a.manifest),
      gitRepoUrl: a.gitRepoUrl,
      visibility: a.visibility,
      status: a.status,
      promotedFromAppId: a.promotedFromAppId,
      createdAt: a.createdAt,
      updatedAt: a.updatedAt,
      archivedAt: a.archivedAt,
    };
  },
  toDomain(r: AppRecord): App {
    return {
      id: r.id,
      workspaceId: r.workspaceId,
      name: r.name,
      slug: r.slug,
      kind: r.kind as AppKind,
      environmentId: r.environmentId,
      primaryCoderunnerId: r.primaryCoderunnerId,
      manifest: JSON.parse(r.manifestJson) as Record<string, unknown>,
      gitRepoUrl: r.gitRepoUrl,
      visibility: r.visibility as AppVisibility,
      status: r.status as AppStatus,
      promotedFromAppId: r.promotedFromAppId,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      archivedAt: r.archivedAt,
    };
  },
};
