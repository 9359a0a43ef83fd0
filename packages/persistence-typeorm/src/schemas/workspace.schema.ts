import { EntitySchema } from 'typeorm';

/** A row of `workspaces`. */
export interface WorkspaceRecord {
  id: string;
  organizationId: string;
  name: string;
  status: string;
  createdAt: Date;
}

export const WorkspaceSchema = new EntitySchema<WorkspaceRecord>({
  name: 'Workspace',
  tableName: 'workspaces',
  columns: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid', name: 'organization_id' },
    name: { type: 'text' },
    status: { type: 'text' },
    createdAt: { type: 'timestamptz', name: 'created_at' },
  },
});
