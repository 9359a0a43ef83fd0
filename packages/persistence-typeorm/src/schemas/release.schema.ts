import { EntitySchema } from 'typeorm';

/** A row of `releases`. Byte counts are bigint columns, read back as strings. */
export interface ReleaseRecord {
  id: string;
  workspaceId: string;
  appId: string;
  bundle: string;
  label: string | null;
  sizeBytes: string | number;
  status: string;
  uploadKey: string | null;
  uploadedBytes: string | number | null;
  uploadSha256: string | null;
  contentPrefix: string;
  entryPath: string | null;
  digest: string | null;
  publishedBytes: string | number | null;
  isCurrent: boolean;
  refusal: string | null;
  createdAt: Date;
  uploadExpiresAt: Date;
  uploadedAt: Date | null;
  publishedAt: Date | null;
}

export const ReleaseSchema = new EntitySchema<ReleaseRecord>({
  name: 'Release',
  tableName: 'releases',
  columns: {
    id: { type: 'uuid', primary: true },
    workspaceId: { type: 'uuid', name: 'workspace_id' },
    appId: { type: 'uuid', name: 'app_id' },
    bundle: { type: 'text' },
    label: { type: 'text', nullable: true },
    sizeBytes: { type: 'bigint', name: 'size_bytes' },
    status: { type: 'text' },
    uploadKey: { type: 'text', name: 'upload_key', nullable: true },
    uploadedBytes: { type: 'bigint', name: 'uploaded_bytes', nullable: true },
    uploadSha256: { type: 'text', name: 'upload_sha256', nullable: true },
    contentPrefix: { type: 'text', name: 'content_prefix' },
    entryPath: { type: 'text', name: 'entry_path', nullable: true },
    digest: { type: 'text', nullable: true },
    publishedBytes: { type: 'bigint', name: 'published_bytes', nullable: true },
    isCurrent: { type: 'boolean', name: 'is_current' },
    refusal: { type: 'text', nullable: true },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    uploadExpiresAt: { type: 'timestamptz', name: 'upload_expires_at' },
    uploadedAt: { type: 'timestamptz', name: 'uploaded_at', nullable: true },
    publishedAt: { type: 'timestamptz', name: 'published_at', nullable: true },
  },
});
