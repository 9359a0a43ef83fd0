import { authorizeWorkspace } from '../../access/access-control';
import { type EffectiveAppRole, listAppRoles } from '../../app-role/role-permissions';
import type { Deps } from '../deps';

/** `GET /auth-roles` (read): the built-ins `viewer`, `user`, `admin` first, then custom roles by name. */
export class ListAppRoles {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { userId: string; workspaceId: string }): Promise<EffectiveAppRole[]> {
    const { read } = this.deps.uow;
    const { workspace } = await authorizeWorkspace(
      read,
      input.userId,
      input.workspaceId,
      'read',
      this.deps.clock.now(),
    );
    return listAppRoles(read, workspace.id);
  }
}
