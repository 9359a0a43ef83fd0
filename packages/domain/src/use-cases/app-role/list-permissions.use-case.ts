import { authorizeWorkspace } from '../../access/access-control';
import { PERMISSION_CATALOG } from '../../app-role/permission-catalog';
import type { Deps } from '../deps';

export interface CatalogPermission {
  readonly id: string;
  readonly description: string;
}

/** `GET /auth/permissions` (read): the permission catalog app roles draw from. */
export class ListPermissions {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { userId: string; workspaceId: string }): Promise<CatalogPermission[]> {
    await authorizeWorkspace(
      this.deps.uow.read,
      input.userId,
      input.workspaceId,
      'read',
      this.deps.clock.now(),
    );
    return PERMISSION_CATALOG.map((p) => ({ id: p.id, description: p.description }));
  }
}
