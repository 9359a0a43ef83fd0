import type { App, AppVisibility } from '../../app/app';
import type { Repositories } from '../../ports/repositories.port';

/** Spec, App access setting: `{visibility, grants: [{role, action}]}`. */
export interface AppAccessSetting {
  readonly visibility: AppVisibility;
  readonly grants: { readonly role: string; readonly action: 'read' }[];
}

/** The setting as stored: the app's visibility and the roles granted launch on it. */
export async function readAppAccess(repos: Repositories, app: App): Promise<AppAccessSetting> {
  const grants = await repos.siteGrants.list(app.workspaceId, { resource: 'app', appId: app.id });
  return { visibility: app.visibility, grants: grants.map((g) => ({ role: g.role, action: 'read' })) };
}
