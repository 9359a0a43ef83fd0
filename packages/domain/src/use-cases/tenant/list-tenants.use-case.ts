import type { Tenant } from '../../tenant/tenant';
import type { Deps } from '../deps';
import { authorizeTenants } from './tenant-scope';

/** `GET /auth/tenants` (read): oldest first. 409 without active platform sign-in or multi-tenant. */
export class ListTenants {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { userId: string; workspaceId: string }): Promise<Tenant[]> {
    const { read } = this.deps.uow;
    const { workspace } = await authorizeTenants(
      read,
      input.userId,
      input.workspaceId,
      'read',
      this.deps.clock.now(),
    );
    return read.tenants.list(workspace.id);
  }
}
