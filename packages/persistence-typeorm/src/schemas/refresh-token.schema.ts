import { EntitySchema } from 'typeorm';

/** A row of `refresh_tokens`. */
export interface RefreshTokenRecord {
  id: string;
  sessionId: string;
  expiresAt: Date;
  spentAt: Date | null;
}

export const RefreshTokenSchema = new EntitySchema<RefreshTokenRecord>({
  name: 'RefreshToken',
  tableName: 'refresh_tokens',
  columns: {
    id: { type: 'uuid', primary: true },
    sessionId: { type: 'uuid', name: 'session_id' },
    expiresAt: { type: 'timestamptz', name: 'expires_at' },
    spentAt: { type: 'timestamptz', name: 'spent_at', nullable: true },
  },
});
