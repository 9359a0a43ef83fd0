import type { Tenant } from '../../tenant/tenant';
import type { Deps } from '../deps';
import { authorizeTenants, requireTenant } from './tenant-scope';

/** `GET /auth/tenants/{tenant_id}` (read). */
export class GetTenant {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { userId: string; workspaceId: string; tenantId: string }): Promise<Tenant> {
    const { read } = this.deps.uow;
    const { workspace } = await authorizeTenants(
      read,
      input.userId,
      input.workspaceId,
      'read',
      this.deps.clock.now(),
    );
    return requireTenant(read, workspace.id, input.tenantId);
  }
}
