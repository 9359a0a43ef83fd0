import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { tenantNotFound } from '../../sso/sso.errors';
import type { Deps } from '../deps';
import { authorizeTenants } from './tenant-scope';

/**
 * `DELETE /auth/tenants/{tenant_id}` (administer): the tenant and its
 * memberships go, never the users; SSO connections that signed users into
 * it stop naming it. Allowed while frozen.
 */
export class DeleteTenant {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    tenantId: string;
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
      if (!(await tx.tenants.delete(workspace.id, input.tenantId))) throw tenantNotFound();
      for (const connection of await tx.ssoConnections.list(workspace.id)) {
        if (connection.organizationId !== input.tenantId) continue;
        await tx.ssoConnections.save({ ...connection, organizationId: null, updatedAt: now });
      }
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'tenant.deleted',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'tenant', id: input.tenantId },
      });
    });
  }
}
