/** A tenant of a workspace's apps (spec, Tenants): not a platform organization. */
export interface Tenant {
  readonly id: string;
  readonly workspaceId: string;
  name: string;
  alias: string | null;
  /** Email domains of the tenant, lowercase. */
  domains: string[];
  enabled: boolean;
  readonly createdAt: Date;
  updatedAt: Date;
}

/** An app user's membership of a tenant; removing it never deletes the user. */
export interface TenantMember {
  readonly tenantId: string;
  readonly workspaceId: string;
  readonly userId: string;
  readonly createdAt: Date;
}
