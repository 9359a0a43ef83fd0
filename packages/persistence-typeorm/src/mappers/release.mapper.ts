import type { Release, ReleaseBundle, ReleaseStatus } from '@groundfloor/domain';
import type { ReleaseRecord } from '../schemas/release.schema';

const bytes = (value: string | number | null): number | null => (value === null ? null : Number(value));

export const ReleaseMapper = {
  toRecord(r: Release): ReleaseRecord {
    return {
      id: r.id,
      workspaceId: r.workspaceId,
      appId: r.appId,
      bundle: r.bundle,
      label: r.label,
      sizeBytes: r.sizeBytes,
      status: r.status,
      uploadKey: r.uploadKey,
      uploadedBytes: r.uploadedBytes,
      uploadSha256: r.uploadSha256,
      contentPrefix: r.contentPrefix,
      entryPath: r.entryPath,
      digest: r.digest,
      publishedBytes: r.publishedBytes,
      isCurrent: r.current,
      refusal: r.refusal,
      createdAt: r.createdAt,
      uploadExpiresAt: r.uploadExpiresAt,
      uploadedAt: r.uploadedAt,
      publishedAt: r.publishedAt,
    };
  },
  toDomain(r: ReleaseRecord): Release {
    return {
      id: r.id,
      workspaceId: r.workspaceId,
      appId: r.appId,
      bundle: r.bundle as ReleaseBundle,
      label: r.label,
      sizeBytes: Number(r.sizeBytes),
      status: r.status as ReleaseStatus,
      uploadKey: r.uploadKey,
      uploadedBytes: bytes(r.uploadedBytes),
      uploadSha256: r.uploadSha256,
      contentPrefix: r.contentPrefix,
      entryPath: r.entryPath,
      digest: r.digest,
      publishedBytes: bytes(r.publishedBytes),
      current: r.isCurrent,
      refusal: r.refusal,
      createdAt: r.createdAt,
      uploadExpiresAt: r.uploadExpiresAt,
      uploadedAt: r.uploadedAt,
      publishedAt: r.publishedAt,
    };
  },
};
