import { authorizeWorkspaceChange } from '../../access/access-control';
import type { AppRole } from '../../app-role/app-role';
import { appRoleExists, builtinAppRoleName } from '../../app-role/app-role.errors';
import {
  requireAppRoleDescription,
  requireAppRoleName,
  requirePermissionIds,
} from '../../app-role/app-role-input';
import { isBuiltinRoleName } from '../../app-role/builtin-roles';
import { type EffectiveAppRole, findAppRole } from '../../app-role/role-permissions';
import { type RequestContext, recordAudit } from '../../audit/record';
import { Limits } from '../../shared/limits';
import type { Deps } from '../deps';
import { lockWorkspace, requireRoom } from '../workspace/workspace-ceilings';

export interface CreateAppRoleInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly permissions: readonly string[];
  readonly description?: string | null;
  readonly context: RequestContext;
}

/**
 * `POST /auth-roles` (administer): a custom app role. 422 for a bad name
 * or unknown permission IDs (each named); 409 for a built-in's name or one
 * the workspace already has; 409 `limit_reached` past 100 custom roles.
 */
export class CreateAppRole {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: CreateAppRoleInput): Promise<EffectiveAppRole> {
    const name = requireAppRoleName(input.name);
    const permissions = requirePermissionIds(input.permissions);
    const description = requireAppRoleDescription(input.description);
    if (isBuiltinRoleName(name)) throw builtinAppRoleName(name);
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      // Creates queue on the workspace row, so a name is checked after any racing create committed.
      await lockWorkspace(tx, workspace.id);
      if (await tx.appRoles.find(workspace.id, name)) throw appRoleExists(name);
      const custom = (await tx.appRoles.list(workspace.id)).filter((r) => !isBuiltinRoleName(r.name));
      requireRoom(custom.length, {
        limit: Limits.appRolesPerWorkspace,
        what: 'custom app roles per workspace',
      });
      const role: AppRole = {
        workspaceId: workspace.id,
        name,
        description,
        permissions,
        createdAt: now,
        updatedAt: now,
      };
      await tx.appRoles.save(role);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'app_role.created',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'app_role', id: name },
        details: { name, permissions },
      });
      const created = await findAppRole(tx, workspace.id, name);
      if (!created) throw new Error('the app role just saved is missing');
      return created.role;
    });
  }
}
