import { EntitySchema } from 'typeorm';

/** A row of `app_endpoints`: the `coderunner/public` setting of one app. */
export interface AppEndpointRecord {
  appId: string;
  workspaceId: string;
  isPublic: boolean;
  updatedAt: Date;
}

export const AppEndpointSchema = new EntitySchema<AppEndpointRecord>({
  name: 'AppEndpoint',
  tableName: 'app_endpoints',
  columns: {
    appId: { type: 'uuid', name: 'app_id', primary: true },
    workspaceId: { type: 'uuid', name: 'workspace_id' },
    isPublic: { type: 'boolean', name: 'is_public' },
    updatedAt: { type: 'timestamptz', name: 'updated_at' },
  },
});
