import { EntitySchema } from 'typeorm';

/** A row of `sign_in_assets`: one branding image. */
export interface SignInAssetRecord {
  workspaceId: string;
  kind: string;
  contentType: string;
  bytes: Buffer;
  updatedAt: Date;
}

export const SignInAssetSchema = new EntitySchema<SignInAssetRecord>({
  name: 'SignInAsset',
  tableName: 'sign_in_assets',
  columns: {
    workspaceId: { type: 'uuid', name: 'workspace_id', primary: true },
    kind: { type: 'text', primary: true },
    contentType: { type: 'text', name: 'content_type' },
    bytes: { type: 'bytea' },
    updatedAt: { type: 'timestamptz', name: 'updated_at' },
  },
});
