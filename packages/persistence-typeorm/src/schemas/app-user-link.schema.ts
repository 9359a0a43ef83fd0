import { EntitySchema } from 'typeorm';

/** A row of `app_user_links`: only the hash of the link's token. */
export interface AppUserLinkRecord {
  id: string;
  workspaceId: string;
  userId: string;
  kind: string;
  tokenHash: string;
  appId: string | null;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  cancelledAt: Date | null;
}

export const AppUserLinkSchema = new EntitySchema<AppUserLinkRecord>({
  name: 'AppUserLink',
  tableName: 'app_user_links',
  columns: {
    id: { type: 'uuid', primary: true },
    workspaceId: { type: 'uuid', name: 'workspace_id' },
    userId: { type: 'uuid', name: 'user_id' },
    kind: { type: 'text' },
    tokenHash: { type: 'text', name: 'token_hash' },
    appId: { type: 'uuid', name: 'app_id', nullable: true },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    expiresAt: { type: 'timestamptz', name: 'expires_at' },
    usedAt: { type: 'timestamptz', name: 'used_at', nullable: true },
    cancelledAt: { type: 'timestamptz', name: 'cancelled_at', nullable: true },
  },
});
