import { EntitySchema } from 'typeorm';

/** A row of `environments`. */
export interface EnvironmentRecord {
  id: string;
  workspaceId: string;
  name: string;
  status: string;
  createdAt: Date;
}

export const EnvironmentSchema = new EntitySchema<EnvironmentRecord>({
  name: 'Environment',
  tableName: 'environments',
  columns: {
    id: { type: 'uuid', primary: true },
    workspaceId: { type: 'uuid', name: 'workspace_id' },
    name: { type: 'text' },
    status: { type: 'text' },
    createdAt: { type: 'timestamptz', name: 'created_at' },
  },
});
