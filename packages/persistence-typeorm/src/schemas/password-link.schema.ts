import { EntitySchema } from 'typeorm';

/** A row of `password_links`. */
export interface PasswordLinkRecord {
  id: string;
  userId: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  cancelledAt: Date | null;
}

export const PasswordLinkSchema = new EntitySchema<PasswordLinkRecord>({
  name: 'PasswordLink',
  tableName: 'password_links',
  columns: {
    id: { type: 'uuid', primary: true },
    userId: { type: 'uuid', name: 'user_id' },
    tokenHash: { type: 'text', name: 'token_hash' },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    expiresAt: { type: 'timestamptz', name: 'expires_at' },
    usedAt: { type: 'timestamptz', name: 'used_at', nullable: true },
    cancelledAt: { type: 'timestamptz', name: 'cancelled_at', nullable: true },
  },
});
