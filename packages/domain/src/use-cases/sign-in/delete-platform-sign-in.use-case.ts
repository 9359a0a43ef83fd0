import { authorizeWorkspaceChange } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import { confirmNameMismatch, platformSignInInUse } from '../../sign-in/sign-in.errors';
import type { Deps } from '../deps';
import { loadSignInConfig } from './sign-in-config-store';

/**
 * Trimmed and compared without regard to letter case (spec). No name at all
 * (null) confirms nothing: the spec answers 400 for any `confirm_name` that
 * does not match, a missing one included.
 */
export const confirmsName = (confirmName: string | null, workspaceName: string): boolean =>
  confirmName !== null &&
  confirmName.trim().normalize('NFC').toLowerCase() === workspaceName.trim().normalize('NFC').toLowerCase();

export interface PlatformSignInDeletion {
  readonly appUsers: number;
  readonly appRoles: number;
  readonly tenants: number;
  readonly ssoConnections: number;
}

/**
 * `DELETE /auth/platform` (administer) with `{confirm_name}`: deletes
 * platform sign-in and what hangs off it, in one transaction:
 * - app users (with their links, sessions and tenant memberships), custom
 *   app roles (and changes to the built-ins), tenants, SSO connections;
 * - the platform block, branding with its images, custom mail settings and
 *   password; multi-tenant is turned off.
 * It keeps the mode (`none` or `external`), the external settings, the
 * custom sign-in host claim, Access grants and M2M clients.
 *
 * 400 when `confirm_name` is not the workspace's name, or is missing (checked
 * first: the request itself is wrong); 409 while the mode is `platform`. Idempotent:
 * with nothing left to delete it answers as if it deleted (204) and
 * records nothing. Refused while frozen: a frozen workspace loses nothing.
 */
export class DeletePlatformSignIn {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    /** Null when the request named none (no body, no `confirm_name`, or not a string). */
    confirmName: string | null;
    context: RequestContext;
  }): Promise<PlatformSignInDeletion> {
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      if (!confirmsName(input.confirmName, workspace.name)) throw confirmNameMismatch();
      const config = await loadSignInConfig(tx, workspace.id, now, { forUpdate: true });
      if (config.mode === 'platform') throw platformSignInInUse();

      const deleted: PlatformSignInDeletion = {
        appUsers: await tx.appUsers.deleteAll(workspace.id),
        appRoles: await tx.appRoles.deleteAll(workspace.id),
        tenants: await tx.tenants.deleteAll(workspace.id),
        ssoConnections: await tx.ssoConnections.deleteAll(workspace.id),
      };
      const configChanged =
        config.platform !== null ||
        config.branding !== null ||
        config.mail.mode !== 'platform' ||
        config.multiTenant.enabled;
      const anything = configChanged || Object.values(deleted).some((n) => n > 0);
      if (!anything) return deleted;

      await tx.signInAssets.deleteAll(workspace.id);
      config.platform = null;
      config.branding = null;
      config.mail = { mode: 'platform' };
      config.multiTenant = { enabled: false };
      config.updatedAt = now;
      await tx.signInConfigs.save(config);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'sign_in.platform_deleted',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'workspace', id: workspace.id },
        details: {
          app_users: deleted.appUsers,
          app_roles: deleted.appRoles,
          tenants: deleted.tenants,
          sso_connections: deleted.ssoConnections,
        },
      });
      return deleted;
    });
  }
}
