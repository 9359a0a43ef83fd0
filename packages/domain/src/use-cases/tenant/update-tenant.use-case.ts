import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import type { Tenant } from '../../tenant/tenant';
import { tenantAliasTaken } from '../../tenant/tenant.errors';
import { applyTenantFields, onlyDisables, type TenantFields } from '../../tenant/tenant-input';
import { requireNotFrozen } from '../../workspace/workspace';
import type { Deps } from '../deps';
import { lockWorkspace } from '../workspace/workspace-ceilings';
import { authorizeTenants, requireTenant } from './tenant-scope';

/**
 * `PATCH /auth/tenants/{tenant_id}` (administer): any of the create fields.
 * While frozen only disabling passes (it takes access away).
 */
export class UpdateTenant {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(
    input: TenantFields & { userId: string; workspaceId: string; tenantId: string; context: RequestContext },
  ): Promise<Tenant> {
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeTenants(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      if (!onlyDisables(input)) requireNotFrozen(organization, workspace);
      // Alias changes of one workspace take turns, as creates do (the workspace
      // first, then the tenant: the order every path takes).
      if (input.alias != null) await lockWorkspace(tx, workspace.id);
      const tenant = await requireTenant(tx, workspace.id, input.tenantId, { forUpdate: true });
      const changed = applyTenantFields(tenant, input, now);
      if (changed.includes('alias') && tenant.alias !== null) {
        const others = await tx.tenants.list(workspace.id);
        if (others.some((t) => t.id !== tenant.id && t.alias === tenant.alias))
          throw tenantAliasTaken(tenant.alias);
      }
      if (changed.length === 0) return tenant;
      await tx.tenants.save(tenant);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'tenant.updated',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'tenant', id: tenant.id },
        details: { changed },
      });
      return tenant;
    });
  }
}
