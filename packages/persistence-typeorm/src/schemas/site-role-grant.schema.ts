import { EntitySchema } from 'typeorm';

/**
 * A row of `site_role_grants`: one grant of a site role. `resourceId` is the
 * collection name, the app id, or '' for the workspace's files. `ordinal`
 * (from a sequence, on insert) keeps the order the grants were sent in.
 */
export interface SiteRoleGrantRecord {
  workspaceId: string;
  resource: string;
  resourceId: string;
  role: string;
  action: string;
  ordinal?: string;
}

export const SiteRoleGrantSchema = new EntitySchema<SiteRoleGrantRecord>({
  name: 'SiteRoleGrant',
  tableName: 'site_role_grants',
  columns: {
    workspaceId: { type: 'uuid', name: 'workspace_id', primary: true },
    resource: { type: 'text', primary: true },
    resourceId: { type: 'text', name: 'resource_id', primary: true },
    role: { type: 'text', primary: true },
    action: { type: 'text', primary: true },
    ordinal: { type: 'bigint', insert: false, update: false, select: false },
  },
});
