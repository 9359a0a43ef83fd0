import { EntitySchema } from 'typeorm';

/** A row of `app_user_sessions`. */
export interface AppUserSessionRecord {
  id: string;
  workspaceId: string;
  userId: string;
  clientId: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export const AppUserSessionSchema = new EntitySchema<AppUserSessionRecord>({
  name: 'AppUserSession',
  tableName: 'app_user_sessions',
  columns: {
    id: { type: 'uuid', primary: true },
    workspaceId: { type: 'uuid', name: 'workspace_id' },
    userId: { type: 'uuid', name: 'user_id' },
    clientId: { type: 'text', name: 'client_id' },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    revokedAt: { type: 'timestamptz', name: 'revoked_at', nullable: true },
  },
});

/** A row of `app_user_refresh_tokens`. */
export interface AppUserRefreshTokenRecord {
  id: string;
  sessionId: string;
  expiresAt: Date;
  spentAt: Date | null;
}

export const AppUserRefreshTokenSchema = new EntitySchema<AppUserRefreshTokenRecord>({
  name: 'AppUserRefreshToken',
  tableName: 'app_user_refresh_tokens',
  columns: {
    id: { type: 'uuid', primary: true },
    sessionId: { type: 'uuid', name: 'session_id' },
    expiresAt: { type: 'timestamptz', name: 'expires_at' },
    spentAt: { type: 'timestamptz', name: 'spent_at', nullable: true },
  },
});
