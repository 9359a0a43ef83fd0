import { EntitySchema } from 'typeorm';

/** A row of `tenants`. */
export interface TenantRecord {
  id: string;
  workspaceId: string;
  name: string;
  alias: string | null;
  domains: string[];
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const TenantSchema = new EntitySchema<TenantRecord>({
  name: 'Tenant',
  tableName: 'tenants',
  columns: {
    id: { type: 'uuid', primary: true },
    workspaceId: { type: 'uuid', name: 'workspace_id' },
    name: { type: 'text' },
    alias: { type: 'text', nullable: true },
    domains: { type: 'jsonb' },
    enabled: { type: 'boolean' },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    updatedAt: { type: 'timestamptz', name: 'updated_at' },
  },
});

/** A row of `tenant_members`. */
export interface TenantMemberRecord {
  tenantId: string;
  workspaceId: string;
  userId: string;
  createdAt: Date;
}

export const TenantMemberSchema = new EntitySchema<TenantMemberRecord>({
  name: 'TenantMember',
  tableName: 'tenant_members',
  columns: {
    tenantId: { type: 'uuid', name: 'tenant_id', primary: true },
    workspaceId: { type: 'uuid', name: 'workspace_id' },
    userId: { type: 'uuid', name: 'user_id', primary: true },
    createdAt: { type: 'timestamptz', name: 'created_at' },
  },
});
