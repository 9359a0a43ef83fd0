import { EntitySchema } from 'typeorm';

/** A row of `sessions`. */
export interface SessionRecord {
  id: string;
  userId: string;
  createdAt: Date;
  revokedAt: Date | null;
  passwordChangeRequired: boolean;
}

export const SessionSchema = new EntitySchema<SessionRecord>({
  name: 'Session',
  tableName: 'sessions',
  columns: {
    id: { type: 'uuid', primary: true },
    userId: { type: 'uuid', name: 'user_id' },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    revokedAt: { type: 'timestamptz', name: 'revoked_at', nullable: true },
    passwordChangeRequired: { type: 'boolean', name: 'password_change_required' },
  },
});
