import { AuthenticateCaller } from './auth/authenticate-caller.use-case';
import { AuthenticateTeam } from './auth/authenticate-team.use-case';
import { ChangePassword } from './auth/change-password.use-case';
import { InspectPasswordLink } from './auth/inspect-password-link.use-case';
import { Logout } from './auth/logout.use-case';
import { RedeemPasswordLink } from './auth/redeem-password-link.use-case';
import { RefreshSession } from './auth/refresh-session.use-case';
import { SignIn } from './auth/sign-in.use-case';
import type { Deps } from './deps';
import { CreateEnvironment, ListEnvironments, UpdateEnvironment } from './environment/environment.use-cases';
import { GetCapabilities, GetMe } from './me/get-me.use-case';
import { CreateOrganizationForOwner } from './operator/create-organization-for-owner.use-case';
import {
  GetAnyOrganization,
  ListAllOrganizations,
  SetWorkspaceFrozen,
  UpdateOrganization,
} from './operator/operator.use-cases';
import {
  CreateOrganization,
  GetOrganization,
  ListMyOrganizations,
} from './organization/organization.use-cases';
import { GetQuota } from './quota/get-quota.use-case';
import {
  CreateWorkspace,
  GetWorkspace,
  ListWorkspaces,
  RenameWorkspace,
} from './workspace/workspace.use-cases';

/** Every use case, built from one set of ports. The HTTP adapter only sees this. */
export function createUseCases(deps: Deps) {
  const authenticateTeam = new AuthenticateTeam(deps);
  return {
    /** Every caller kind's authenticator; new kinds are added to this list. */
    authenticateCaller: new AuthenticateCaller([authenticateTeam]),
    signIn: new SignIn(deps),
    refreshSession: new RefreshSession(deps),
    logout: new Logout(deps),
    authenticateTeam,
    changePassword: new ChangePassword(deps),
    inspectPasswordLink: new InspectPasswordLink(deps),
    redeemPasswordLink: new RedeemPasswordLink(deps),
    getMe: new GetMe(deps),
    getCapabilities: new GetCapabilities(deps),
    createOrganization: new CreateOrganization(deps),
    listMyOrganizations: new ListMyOrganizations(deps),
    getOrganization: new GetOrganization(deps),
    createWorkspace: new CreateWorkspace(deps),
    listWorkspaces: new ListWorkspaces(deps),
    getWorkspace: new GetWorkspace(deps),
    renameWorkspace: new RenameWorkspace(deps),
    listEnvironments: new ListEnvironments(deps),
    createEnvironment: new CreateEnvironment(deps),
    updateEnvironment: new UpdateEnvironment(deps),
    getQuota: new GetQuota(deps),
    operator: {
      createOrganization: new CreateOrganizationForOwner(deps),
      listOrganizations: new ListAllOrganizations(deps),
      getOrganization: new GetAnyOrganization(deps),
      updateOrganization: new UpdateOrganization(deps),
      setWorkspaceFrozen: new SetWorkspaceFrozen(deps),
    },
  };
}

export type UseCases = ReturnType<typeof createUseCases>;
export const USE_CASES = Symbol.for('gf.use-cases');
