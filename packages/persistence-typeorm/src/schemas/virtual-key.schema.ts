import { EntitySchema } from 'typeorm';

/** A row of `llm_virtual_keys`: a workspace's key alias at the model gateway, never the key. */
export interface VirtualKeyRecord {
  workspaceId: string;
  aliasCount: number;
  currentAlias: string | null;
  updatedAt: Date;
}

export const VirtualKeySchema = new EntitySchema<VirtualKeyRecord>({
  name: 'VirtualKey',
  tableName: 'llm_virtual_keys',
  columns: {
    workspaceId: { type: 'uuid', name: 'workspace_id', primary: true },
    aliasCount: { type: 'integer', name: 'alias_count' },
    currentAlias: { type: 'text', name: 'current_alias', nullable: true },
    updatedAt: { type: 'timestamptz', name: 'updated_at' },
  },
});
