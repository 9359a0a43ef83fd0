import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { tenantMemberNotFound } from '../../tenant/tenant.errors';
import type { Deps } from '../deps';
import { authorizeTenants, requireTenant } from './tenant-scope';

/**
 * `DELETE /auth/tenants/{tenant_id}/members/{user_id}` (administer): the
 * membership only; the user's login stays. Allowed while frozen.
 */
export class RemoveTenantMember {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    tenantId: string;
    memberUserId: string;
    context: RequestContext;
  }): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeTenants(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      const tenant = await requireTenant(tx, workspace.id, input.tenantId);
      if (!(await tx.tenants.removeMember(workspace.id, tenant.id, input.memberUserId)))
        throw tenantMemberNotFound();
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'tenant.member_removed',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'tenant', id: tenant.id },
        details: { user_id: input.memberUserId },
      });
    });
  }
}
