import { authorizeWorkspace } from '../../access/access-control';
import { PRODUCT_APP_KINDS } from '../../app/app';
import { appNotFound } from '../../app/app.errors';
import { resolveAppRoles } from '../../app-role/role-permissions';
import type { AppUser } from '../../app-user/app-user';
import { appUserNotFound, invalidSignInApp, unknownAppRoles } from '../../app-user/app-user.errors';
import type { Organization } from '../../organization/organization';
import type { Repositories } from '../../ports/repositories.port';
import type { Permission } from '../../roles/permission';
import { platformSignInRequired } from '../../sign-in/sign-in.errors';
import { platformSignInActive, type SignInConfig } from '../../sign-in/sign-in-config';
import { requireNotFrozen, type Workspace } from '../../workspace/workspace';
import { lockWorkspace } from '../workspace/workspace-ceilings';

/** The workspace an app-user route acts in, with its sign-in configuration (null: never configured). */
export interface AppUserScope {
  readonly workspace: Workspace;
  readonly organization: Organization;
  readonly config: SignInConfig | null;
}

/**
 * The permission on the workspace, first; then, for `change`, a workspace
 * that is not frozen (spec: administrative actions that give someone a way
 * in or more access are refused while frozen; those that take access away
 * are not), and for `platform`, active platform sign-in (409): app users can
 * be invited, added or given a password only where they can sign in.
 */
export async function authorizeAppUsers(
  repos: Repositories,
  userId: string,
  workspaceId: string,
  permission: Permission,
  now: Date,
  options: { readonly change?: boolean; readonly platform?: boolean } = {},
): Promise<AppUserScope> {
  const { workspace, organization } = await authorizeWorkspace(repos, userId, workspaceId, permission, now);
  if (options.change) requireNotFrozen(organization, workspace);
  const config = await repos.signInConfigs.find(workspace.id);
  if (options.platform && !platformSignInActive(config)) {
    throw platformSignInRequired('managing the credentials of app users');
  }
  return { workspace, organization, config };
}

/** The app user of this workspace, or 404 `app_user_not_found`. */
export async function requireAppUser(
  repos: Repositories,
  workspaceId: string,
  userId: string,
  options: { readonly forUpdate?: boolean } = {},
): Promise<AppUser> {
  const user = options.forUpdate
    ? await repos.appUsers.findByIdForUpdate(workspaceId, userId)
    : await repos.appUsers.findById(workspaceId, userId);
  if (!user) throw appUserNotFound();
  return user;
}

/**
 * Role names checked against the workspace's app roles (built-in `viewer`,
 * `user`, `admin` and its custom roles): each once, in the order given;
 * unknown names are 422 naming each.
 */
export async function requireAppRoleNames(
  repos: Repositories,
  workspaceId: string,
  names: readonly string[],
  field = 'roles',
): Promise<string[]> {
  const { unknown } = await resolveAppRoles(repos, workspaceId, names);
  if (unknown.length > 0) throw unknownAppRoles(unknown, field);
  return [...new Set(names)];
}

/** The role a user invited or added without one gets: the built-in for ordinary end users. */
export const DEFAULT_APP_USER_ROLES: readonly string[] = ['user'];

/**
 * The workspace's app user with this email, locked; when there is none, the
 * workspace is locked and the email looked up again, so that two requests
 * making the same new user take turns: the second finds the first's user
 * (a resend, a 409) instead of failing on its insert.
 */
export async function findAppUserByEmailLocked(
  tx: Repositories,
  workspaceId: string,
  email: string,
): Promise<AppUser | null> {
  const found = await tx.appUsers.findByEmailForUpdate(workspaceId, email);
  if (found) return found;
  await lockWorkspace(tx, workspaceId);
  return tx.appUsers.findByEmailForUpdate(workspaceId, email);
}

/**
 * Spec, Invite: `app_id` must be a non-archived Shell or standalone app of
 * the workspace: 404 when it is none of its apps, 422 otherwise.
 */
export async function requireSignInApp(
  repos: Repositories,
  workspaceId: string,
  appId: string,
): Promise<string> {
  const app = await repos.apps.findById(workspaceId, appId);
  if (!app) throw appNotFound();
  if (app.status !== 'active' || !PRODUCT_APP_KINDS.includes(app.kind)) throw invalidSignInApp();
  return app.id;
}
