import { authorizeWorkspaceChange } from '../../access/access-control';
import type { AppRole } from '../../app-role/app-role';
import { appRoleNotFound } from '../../app-role/app-role.errors';
import { requireAppRoleDescription, requirePermissionIds } from '../../app-role/app-role-input';
import { type EffectiveAppRole, findAppRole } from '../../app-role/role-permissions';
import { type RequestContext, recordAudit } from '../../audit/record';
import type { Deps } from '../deps';

export interface UpdateAppRoleInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly name: string;
  /** Absent: unchanged; otherwise the full replacement list. */
  readonly permissions?: readonly string[];
  /** Absent: unchanged; null or empty: removed. */
  readonly description?: string | null;
  readonly context: RequestContext;
}

/**
 * `PATCH /auth-roles/{role_name}` (administer): replaces the permissions
 * and/or the description of a custom role, or of a built-in one (stored as
 * a row with the built-in's name; it stays `builtin: true` and cannot be
 * renamed or deleted). 404 for a name the workspace does not have; 422 for
 * unknown permission IDs, each named.
 */
export class UpdateAppRole {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: UpdateAppRoleInput): Promise<EffectiveAppRole> {
    const permissions = input.permissions === undefined ? undefined : requirePermissionIds(input.permissions);
    const description =
      input.description === undefined ? undefined : requireAppRoleDescription(input.description);
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      const found = await findAppRole(tx, workspace.id, input.name, { forUpdate: true });
      if (!found) throw appRoleNotFound();
      const { role } = found;
      const samePermissions =
        permissions === undefined || JSON.stringify(permissions) === JSON.stringify(role.permissions);
      const sameDescription = description === undefined || description === role.description;
      // Nothing to change: nothing written, nothing audited.
      if (samePermissions && sameDescription) return role;
      const next: AppRole = {
        workspaceId: workspace.id,
        name: role.name,
        description: description === undefined ? role.description : description,
        permissions: permissions ?? role.permissions,
        createdAt: found.stored?.createdAt ?? now,
        updatedAt: now,
      };
      await tx.appRoles.save(next);
      const changes: Record<string, unknown> = {};
      if (!samePermissions) changes.permissions = { from: role.permissions, to: permissions };
      if (!sameDescription) changes.description_changed = true;
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'app_role.updated',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'app_role', id: role.name },
        details: { name: role.name, builtin: role.builtin, ...changes },
      });
      const updated = await findAppRole(tx, workspace.id, role.name);
      if (!updated) throw new Error('the app role just saved is missing');
      return updated.role;
    });
  }
}
