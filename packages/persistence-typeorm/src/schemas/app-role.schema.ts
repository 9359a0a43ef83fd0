import { EntitySchema } from 'typeorm';

/** A row of `app_roles`. */
export interface AppRoleRecord {
  workspaceId: string;
  name: string;
  description: string | null;
  permissions: string[];
  createdAt: Date;
  updatedAt: Date;
}

export const AppRoleSchema = new EntitySchema<AppRoleRecord>({
  name: 'AppRole',
  tableName: 'app_roles',
  columns: {
    workspaceId: { type: 'uuid', name: 'workspace_id', primary: true },
    name: { type: 'text', primary: true },
    description: { type: 'text', nullable: true },
    permissions: { type: 'jsonb' },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    updatedAt: { type: 'timestamptz', name: 'updated_at' },
  },
});
