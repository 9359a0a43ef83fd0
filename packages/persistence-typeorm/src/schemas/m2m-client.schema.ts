import { EntitySchema } from 'typeorm';

/** A row of `m2m_clients`: the client secret only as a hash. */
export interface M2mClientRecord {
  id: string;
  workspaceId: string;
  name: string;
  secretHash: string;
  scopes: string[];
  createdAt: Date;
}

export const M2mClientSchema = new EntitySchema<M2mClientRecord>({
  name: 'M2mClient',
  tableName: 'm2m_clients',
  columns: {
    id: { type: 'uuid', primary: true },
    workspaceId: { type: 'uuid', name: 'workspace_id' },
    name: { type: 'text' },
    secretHash: { type: 'text', name: 'secret_hash' },
    scopes: { type: 'jsonb' },
    createdAt: { type: 'timestamptz', name: 'created_at' },
  },
});
