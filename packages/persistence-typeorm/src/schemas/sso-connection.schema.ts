import type { SealedValue } from '@groundfloor/domain';
import { EntitySchema } from 'typeorm';

/** A row of `sso_connections`: the client secret only ever sealed. */
export interface SsoConnectionRecord {
  id: string;
  workspaceId: string;
  protocol: string;
  name: string;
  enabled: boolean;
  /** JSON text, so it reads back exactly as written. */
  settingsJson: string;
  clientSecret: SealedValue | null;
  organizationId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const SsoConnectionSchema = new EntitySchema<SsoConnectionRecord>({
  name: 'SsoConnection',
  tableName: 'sso_connections',
  columns: {
    id: { type: 'uuid', primary: true },
    workspaceId: { type: 'uuid', name: 'workspace_id' },
    protocol: { type: 'text' },
    name: { type: 'text' },
    enabled: { type: 'boolean' },
    settingsJson: { type: 'text', name: 'settings_json' },
    clientSecret: { type: 'jsonb', name: 'client_secret', nullable: true },
    organizationId: { type: 'uuid', name: 'organization_id', nullable: true },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    updatedAt: { type: 'timestamptz', name: 'updated_at' },
  },
});
