import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { Limits } from '../../shared/limits';
import type { Tenant } from '../../tenant/tenant';
import { tenantAliasTaken } from '../../tenant/tenant.errors';
import { applyTenantFields, type TenantFields } from '../../tenant/tenant-input';
import type { Deps } from '../deps';
import { lockWorkspace, requireRoom } from '../workspace/workspace-ceilings';
import { authorizeTenants } from './tenant-scope';

export interface CreateTenantInput extends TenantFields {
  readonly userId: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly context: RequestContext;
}

/**
 * `POST /auth/tenants` (administer): `name`, optional `alias` (unique in the
 * workspace, 409), `domains[]`, `enabled` (default true). At most 1,000 per
 * workspace (409 `limit_reached`). Refused while frozen.
 */
export class CreateTenant {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: CreateTenantInput): Promise<Tenant> {
    const now = this.deps.clock.now();
    const tenant: Tenant = {
      id: this.deps.ids.next(),
      workspaceId: input.workspaceId,
      name: '',
      alias: null,
      domains: [],
      enabled: true,
      createdAt: now,
      updatedAt: now,
    };
    applyTenantFields(tenant, input, now);
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeTenants(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
        {
          change: true,
        },
      );
      await lockWorkspace(tx, workspace.id);
      const existing = await tx.tenants.list(workspace.id);
      requireRoom(existing.length, { limit: Limits.tenantsPerWorkspace, what: 'tenants per workspace' });
      if (tenant.alias !== null && existing.some((t) => t.alias === tenant.alias))
        throw tenantAliasTaken(tenant.alias);
      const created: Tenant = { ...tenant, workspaceId: workspace.id };
      await tx.tenants.save(created);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'tenant.created',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'tenant', id: created.id },
        details: {
          name: created.name,
          alias: created.alias,
          domains: created.domains,
          enabled: created.enabled,
        },
      });
      return created;
    });
  }
}
