import { authorizeWorkspaceChange } from '../../access/access-control';
import { APP_VISIBILITIES, type AppVisibility } from '../../app/app';
import { type RequestContext, recordAudit } from '../../audit/record';
import { GrantableRoles, type RoleGrantInput, requireOneAppGrants } from '../../site-access/grant-input';
import { invalidVisibility } from '../../site-access/site-access.errors';
import { siteRoleCatalog } from '../../site-access/site-role';
import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { requireTeamCaller } from '../site-access/team-caller';
import { type AppAccessSetting, readAppAccess } from './app-access-setting';
import { requireActiveApp, requireApp } from './app-lookup';

/**
 * Spec, Apps, PUT /apps/{app_id}/access: replaces visibility and grants as
 * sent. On a `restricted` app only the listed roles launch, `admin`
 * included only when listed. The grants are the same ones the Access
 * document lists as `app_grants`.
 */
export class PutAppAccess {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    caller: Principal;
    workspaceId: string;
    appId: string;
    visibility: string;
    grants: readonly RoleGrantInput[];
    context: RequestContext;
  }): Promise<AppAccessSetting> {
    const { userId } = requireTeamCaller(input.caller);
    if (!(APP_VISIBILITIES as readonly string[]).includes(input.visibility)) throw invalidVisibility();
    const visibility = input.visibility as AppVisibility;
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        userId,
        input.workspaceId,
        'ddl',
        now,
      );
      await tx.workspaces.findByIdForUpdate(workspace.id);
      const app = requireActiveApp(await requireApp(tx, workspace.id, input.appId, { forUpdate: true }));
      const [catalog, stored] = await Promise.all([
        siteRoleCatalog(tx, workspace.id),
        tx.siteGrants.list(workspace.id, { resource: 'app', appId: app.id }),
      ]);
      const grants = requireOneAppGrants(input.grants, new GrantableRoles(catalog, stored), app.id, 'grants');
      await tx.siteGrants.replace(workspace.id, { resource: 'app', appId: app.id }, grants);
      if (visibility !== app.visibility) {
        app.visibility = visibility;
        app.updatedAt = now;
        await tx.apps.save(app);
      }
      const setting = await readAppAccess(tx, app);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'app.access_updated',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'app', id: app.id },
        details: { visibility, roles: setting.grants.map((g) => g.role) },
      });
      return setting;
    });
  }
}
