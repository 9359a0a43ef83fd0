import { EntitySchema } from 'typeorm';

/**
 * A row of `flags`. The value is JSON text rather than jsonb so that it comes
 * back exactly as written (jsonb reorders object keys; a bare JSON null would
 * become SQL NULL).
 */
export interface FlagRecord {
  workspaceId: string;
  key: string;
  valueJson: string;
  updatedAt: Date;
}

export const FlagSchema = new EntitySchema<FlagRecord>({
  name: 'Flag',
  tableName: 'flags',
  columns: {
    workspaceId: { type: 'uuid', name: 'workspace_id', primary: true },
    key: { type: 'text', primary: true },
    valueJson: { type: 'text', name: 'value_json' },
    updatedAt: { type: 'timestamptz', name: 'updated_at' },
  },
});
