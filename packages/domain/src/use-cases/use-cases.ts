import { ArchiveApp } from './app/archive-app.use-case';
import { CompareApps } from './app/compare-apps.use-case';
import { CreateApp } from './app/create-app.use-case';
import { GetApp } from './app/get-app.use-case';
import { GetAppAccess } from './app/get-app-access.use-case';
import { GetAppBySlug } from './app/get-app-by-slug.use-case';
import { GetPublicBootstrap } from './app/get-public-bootstrap.use-case';
import { GetShellConfig } from './app/get-shell-config.use-case';
import { ListApps } from './app/list-apps.use-case';
import { PromoteApps } from './app/promote-apps.use-case';
import { PutAppAccess } from './app/put-app-access.use-case';
import { RestoreApp } from './app/restore-app.use-case';
import { UpdateApp } from './app/update-app.use-case';
import { CreateAppRole } from './app-role/create-app-role.use-case';
import { ListAppRoles } from './app-role/list-app-roles.use-case';
import { ListPermissions } from './app-role/list-permissions.use-case';
import { UpdateAppRole } from './app-role/update-app-role.use-case';
import { AddAppUser } from './app-user/add-app-user.use-case';
import { CreateInviteLink } from './app-user/create-invite-link.use-case';
import { DeleteAppUser } from './app-user/delete-app-user.use-case';
import { DeleteInviteLink } from './app-user/delete-invite-link.use-case';
import { GetAppUser } from './app-user/get-app-user.use-case';
import { InspectInviteLink } from './app-user/inspect-invite-link.use-case';
import { InviteAppUser } from './app-user/invite-app-user.use-case';
import { ListAppUsers } from './app-user/list-app-users.use-case';
import { AdmitPublicInviteRequest } from './app-user/public-invite-links';
import { RedeemInviteLink } from './app-user/redeem-invite-link.use-case';
import { ResendInvitation } from './app-user/resend-invitation.use-case';
import { ResetAppUserPassword } from './app-user/reset-app-user-password.use-case';
import { SetTemporaryPassword } from './app-user/set-temporary-password.use-case';
import { UpdateAppUser } from './app-user/update-app-user.use-case';
import { AuthenticateAppUser } from './app-user-auth/authenticate-app-user';
import { RefreshAppUserSession } from './app-user-auth/refresh-app-user-session.use-case';
import { SignInAppUser } from './app-user-auth/sign-in-app-user.use-case';
import { ListAuditEvents } from './audit/list-audit-events.use-case';
import { ListMyAccountEvents } from './audit/list-my-account-events.use-case';
import { AuthenticateCaller } from './auth/authenticate-caller.use-case';
import { AuthenticateTeam } from './auth/authenticate-team.use-case';
import { ChangePassword } from './auth/change-password.use-case';
import { InspectPasswordLink } from './auth/inspect-password-link.use-case';
import { Logout } from './auth/logout.use-case';
import { RedeemPasswordLink } from './auth/redeem-password-link.use-case';
import { RefreshSession } from './auth/refresh-session.use-case';
import { SignIn } from './auth/sign-in.use-case';
import { CreateDefinition } from './coderunner/create-definition.use-case';
import { DeleteVersion } from './coderunner/delete-version.use-case';
import { DeployApp } from './coderunner/deploy-app.use-case';
import { GetVersion } from './coderunner/get-version.use-case';
import { ListVersions } from './coderunner/list-versions.use-case';
import { RunApp } from './coderunner/run-app.use-case';
import { UploadCode } from './coderunner/upload-code.use-case';
import { CreateCollection } from './collection/create-collection.use-case';
import { DeleteCollection } from './collection/delete-collection.use-case';
import { GetCollectionAcl } from './collection/get-collection-acl.use-case';
import { ListCollections } from './collection/list-collections.use-case';
import { PutCollectionAcl } from './collection/put-collection-acl.use-case';
import { AddDomain } from './custom-domain/add-domain.use-case';
import { GetAppPublicAccess, PutAppPublicAccess } from './custom-domain/app-public-access.use-cases';
import { DeleteDomain } from './custom-domain/delete-domain.use-case';
import { ListDomains } from './custom-domain/list-domains.use-case';
import { VerifyDomain } from './custom-domain/verify-domain.use-case';
import type { Deps } from './deps';
import { CreateEnvironment, ListEnvironments, UpdateEnvironment } from './environment/environment.use-cases';
import { DeleteFlag, ListFlags, PutFlag, RuntimeFlags } from './flag/flag.use-cases';
import { CreateM2mClient, DeleteM2mClient, ListM2mClients } from './m2m/m2m-clients.use-cases';
import { AuthenticateM2m, ExchangeM2mToken } from './m2m/m2m-token.use-cases';
import { GetCapabilities, GetMe } from './me/get-me.use-case';
import { AddMember } from './membership/add-member.use-case';
import { ChangeMemberRole } from './membership/change-member-role.use-case';
import { ListPendingInvitations } from './membership/pending-invitations.use-case';
import { GetMembership, ListMembers } from './membership/read-members.use-cases';
import { RemoveMember } from './membership/remove-member.use-case';
import { ResetMemberPassword } from './membership/reset-member-password.use-case';
import { AcceptInvitation, RejectInvitation } from './membership/respond-to-invitation.use-case';
import { GetUsage } from './model-gateway/get-usage.use-case';
import { ListModels } from './model-gateway/list-models.use-case';
import { MintVirtualKey } from './model-gateway/mint-virtual-key.use-case';
import { RevokeVirtualKey } from './model-gateway/revoke-virtual-key.use-case';
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
import { ListBillingStatements, ListPlans } from './quota/billing.use-cases';
import { GetQuota } from './quota/get-quota.use-case';
import { CreateReleaseUpload } from './release/create-release-upload.use-case';
import { FinalizeRelease } from './release/finalize-release.use-case';
import { GetReleaseFile } from './release/get-release-file.use-case';
import { GetCurrentRelease, ListReleases } from './release/list-releases.use-case';
import { UploadReleaseContent } from './release/upload-release-content.use-case';
import { CompareSecrets, PromoteSecrets } from './secret/promote-secrets.use-case';
import { RewrapSecrets } from './secret/rewrap-secrets.use-case';
import { DeleteSecret, ListSecrets, RevealSecret, UpsertSecret } from './secret/secret.use-cases';
import { CheckHostVerification } from './sign-in/check-host-verification.use-case';
import { DeletePlatformSignIn } from './sign-in/delete-platform-sign-in.use-case';
import { GetSignInConfig } from './sign-in/get-sign-in-config.use-case';
import {
  GetBrandingAsset,
  GetBrandingTheme,
  GetPublicBranding,
  GetSignInByHost,
} from './sign-in/public-sign-in.use-cases';
import { PutSignInConfig } from './sign-in/put-sign-in-config.use-case';
import { RequestHostVerification } from './sign-in/request-host-verification.use-case';
import { RewrapSignInSecrets } from './sign-in/rewrap-sign-in-secrets.use-case';
import { TestSignInMail } from './sign-in/test-sign-in-mail.use-case';
import { GetAccess } from './site-access/get-access.use-case';
import { PutAccess } from './site-access/put-access.use-case';
import {
  CreateSsoConnection,
  DeleteSsoConnection,
  ListSsoConnections,
  UpdateSsoConnection,
} from './sso/sso-connections.use-cases';
import { TestSsoLogin } from './sso/test-sso-login.use-case';
import { CreateTicket } from './support/create-ticket.use-case';
import {
  ChangeTicketPriority,
  GetTicketForOperator,
  ListTicketQueue,
  OperatorReplyToTicket,
  OperatorResolveTicket,
  RedactTicket,
} from './support/operator-tickets.use-cases';
import { GetTicket, ListTickets } from './support/read-tickets.use-case';
import { ReplyToTicket } from './support/reply-to-ticket.use-case';
import { CloseTicket, ResolveTicket } from './support/resolve-or-close-ticket.use-case';
import { AddTenantMember } from './tenant/add-tenant-member.use-case';
import { CreateTenant } from './tenant/create-tenant.use-case';
import { DeleteTenant } from './tenant/delete-tenant.use-case';
import { GetTenant } from './tenant/get-tenant.use-case';
import { ListTenantMembers } from './tenant/list-tenant-members.use-case';
import { ListTenants } from './tenant/list-tenants.use-case';
import { RemoveTenantMember } from './tenant/remove-tenant-member.use-case';
import { UpdateTenant } from './tenant/update-tenant.use-case';
import { ArchiveWorkload } from './workload/archive-workload.use-case';
import { AuthenticateWorkload } from './workload/authenticate-workload';
import { CreateWorkload } from './workload/create-workload.use-case';
import { DeployWorkload } from './workload/deploy-workload.use-case';
import { GetWorkload } from './workload/get-workload.use-case';
import { IssueWorkloadToken } from './workload/issue-workload-token.use-case';
import { ListWorkloads } from './workload/list-workloads.use-case';
import { RunWorkload } from './workload/run-workload.use-case';
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
    authenticateCaller: new AuthenticateCaller([
      authenticateTeam,
      new AuthenticateM2m(deps),
      new AuthenticateWorkload(deps),
      new AuthenticateAppUser(deps),
    ]),
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
    billing: {
      statements: new ListBillingStatements(deps),
      plans: new ListPlans(deps),
    },
    secrets: {
      list: new ListSecrets(deps),
      reveal: new RevealSecret(deps),
      upsert: new UpsertSecret(deps),
      delete: new DeleteSecret(deps),
      compare: new CompareSecrets(deps),
      promote: new PromoteSecrets(deps),
      rewrapAll: new RewrapSecrets(deps),
    },
    m2m: {
      createClient: new CreateM2mClient(deps),
      listClients: new ListM2mClients(deps),
      deleteClient: new DeleteM2mClient(deps),
      exchangeToken: new ExchangeM2mToken(deps),
    },
    flags: {
      list: new ListFlags(deps),
      put: new PutFlag(deps),
      delete: new DeleteFlag(deps),
      runtime: new RuntimeFlags(deps),
    },
    listAuditEvents: new ListAuditEvents(deps),
    listMyAccountEvents: new ListMyAccountEvents(deps),
    support: {
      list: new ListTickets(deps),
      get: new GetTicket(deps),
      create: new CreateTicket(deps),
      reply: new ReplyToTicket(deps),
      resolve: new ResolveTicket(deps),
      close: new CloseTicket(deps),
    },
    operatorSupport: {
      queue: new ListTicketQueue(deps),
      get: new GetTicketForOperator(deps),
      reply: new OperatorReplyToTicket(deps),
      resolve: new OperatorResolveTicket(deps),
      changePriority: new ChangeTicketPriority(deps),
      redact: new RedactTicket(deps),
    },
    memberships: {
      list: new ListMembers(deps),
      add: new AddMember(deps),
      get: new GetMembership(deps),
      changeRole: new ChangeMemberRole(deps),
      remove: new RemoveMember(deps),
      resetPassword: new ResetMemberPassword(deps),
      listPendingInvitations: new ListPendingInvitations(deps),
      accept: new AcceptInvitation(deps),
      reject: new RejectInvitation(deps),
    },
    operator: {
      createOrganization: new CreateOrganizationForOwner(deps),
      listOrganizations: new ListAllOrganizations(deps),
      getOrganization: new GetAnyOrganization(deps),
      updateOrganization: new UpdateOrganization(deps),
      setWorkspaceFrozen: new SetWorkspaceFrozen(deps),
    },
    workloads: {
      create: new CreateWorkload(deps),
      list: new ListWorkloads(deps),
      get: new GetWorkload(deps),
      archive: new ArchiveWorkload(deps),
      issueIdentityToken: new IssueWorkloadToken(deps),
      deploy: new DeployWorkload(deps),
      run: new RunWorkload(deps),
    },
    coderunner: {
      createDefinition: new CreateDefinition(deps),
      upload: new UploadCode(deps),
      listVersions: new ListVersions(deps),
      getVersion: new GetVersion(deps),
      deleteVersion: new DeleteVersion(deps),
      deploy: new DeployApp(deps),
      run: new RunApp(deps),
    },
    llm: {
      models: new ListModels(deps),
      usage: new GetUsage(deps),
      mintVirtualKey: new MintVirtualKey(deps),
      revokeVirtualKey: new RevokeVirtualKey(deps),
    },
    apps: {
      create: new CreateApp(deps),
      list: new ListApps(deps),
      get: new GetApp(deps),
      update: new UpdateApp(deps),
      archive: new ArchiveApp(deps),
      restore: new RestoreApp(deps),
      getBySlug: new GetAppBySlug(deps),
      shellConfig: new GetShellConfig(deps),
      publicBootstrap: new GetPublicBootstrap(deps),
      getAccess: new GetAppAccess(deps),
      putAccess: new PutAppAccess(deps),
      compare: new CompareApps(deps),
      promote: new PromoteApps(deps),
    },
    collections: {
      create: new CreateCollection(deps),
      list: new ListCollections(deps),
      delete: new DeleteCollection(deps),
      getAcl: new GetCollectionAcl(deps),
      putAcl: new PutCollectionAcl(deps),
    },
    access: {
      get: new GetAccess(deps),
      put: new PutAccess(deps),
    },
    releases: {
      createUpload: new CreateReleaseUpload(deps),
      uploadContent: new UploadReleaseContent(deps),
      finalize: new FinalizeRelease(deps),
      list: new ListReleases(deps),
      current: new GetCurrentRelease(deps),
      publicFile: new GetReleaseFile(deps),
    },
    domains: {
      add: new AddDomain(deps),
      list: new ListDomains(deps),
      delete: new DeleteDomain(deps),
      verify: new VerifyDomain(deps),
      getPublic: new GetAppPublicAccess(deps),
      putPublic: new PutAppPublicAccess(deps),
    },
    /** Workspace sign-in: the permission catalog and app roles. */
    appRoles: {
      permissions: new ListPermissions(deps),
      list: new ListAppRoles(deps),
      create: new CreateAppRole(deps),
      update: new UpdateAppRole(deps),
    },
    /** Workspace sign-in: the configuration, its custom host and platform sign-in's deletion. */
    signInConfig: {
      get: new GetSignInConfig(deps),
      put: new PutSignInConfig(deps),
      deletePlatform: new DeletePlatformSignIn(deps),
      requestHostVerification: new RequestHostVerification(deps),
      checkHostVerification: new CheckHostVerification(deps),
      testMail: new TestSignInMail(deps),
      /** Master-key rotation of mail passwords and SSO client secrets. */
      rewrapSecrets: new RewrapSignInSecrets(deps),
    },
    /** Workspace sign-in: the public helpers of sign-in pages (no token, limited per address). */
    publicSignIn: {
      byHost: new GetSignInByHost(deps),
      branding: new GetPublicBranding(deps),
      theme: new GetBrandingTheme(deps),
      asset: new GetBrandingAsset(deps),
    },
    /** Workspace sign-in: SSO connections (brokers). */
    ssoConnections: {
      list: new ListSsoConnections(deps),
      create: new CreateSsoConnection(deps),
      update: new UpdateSsoConnection(deps),
      delete: new DeleteSsoConnection(deps),
      testLogin: new TestSsoLogin(deps),
    },
    /** Workspace sign-in: app users and their links (issue 11). */
    appUsers: {
      list: new ListAppUsers(deps),
      get: new GetAppUser(deps),
      invite: new InviteAppUser(deps),
      add: new AddAppUser(deps),
      update: new UpdateAppUser(deps),
      delete: new DeleteAppUser(deps),
      resendInvitation: new ResendInvitation(deps),
      resetPassword: new ResetAppUserPassword(deps),
      setTemporaryPassword: new SetTemporaryPassword(deps),
      createInviteLink: new CreateInviteLink(deps),
      deleteInviteLink: new DeleteInviteLink(deps),
    },
    /** Workspace sign-in: the app's tenants and their members (multi-tenant only). */
    tenants: {
      list: new ListTenants(deps),
      create: new CreateTenant(deps),
      get: new GetTenant(deps),
      update: new UpdateTenant(deps),
      delete: new DeleteTenant(deps),
      listMembers: new ListTenantMembers(deps),
      addMember: new AddTenantMember(deps),
      removeMember: new RemoveTenantMember(deps),
    },
    /** Workspace sign-in: app end users' own sign-in and token renewal (supplement §15). */
    appUserTokens: {
      signIn: new SignInAppUser(deps),
      refresh: new RefreshAppUserSession(deps),
    },
    /** Workspace sign-in: the public invite-link routes (no token). */
    inviteLinks: {
      admit: new AdmitPublicInviteRequest(deps),
      inspect: new InspectInviteLink(deps),
      redeem: new RedeemInviteLink(deps),
    },
  };
}

export type UseCases = ReturnType<typeof createUseCases>;
export const USE_CASES = Symbol.for('gf.use-cases');
