import type { Repositories } from '@groundfloor/domain';
import type { RepositoryScope } from './repository-scope';
import { TypeormAppRepository } from './typeorm-app.repository';
import { TypeormAppReleases } from './typeorm-app-releases';
import { TypeormAppRoleRepository } from './typeorm-app-role.repository';
import { TypeormAppUserRepository } from './typeorm-app-user.repository';
import { TypeormAppUserLinkRepository } from './typeorm-app-user-link.repository';
import { TypeormAppUserSessionRepository } from './typeorm-app-user-session.repository';
import { TypeormAuditLog } from './typeorm-audit-log';
import { TypeormCollectionRepository } from './typeorm-collection.repository';
import {
  TypeormAppEndpointRepository,
  TypeormBrandedHosts,
  TypeormCustomDomainRepository,
} from './typeorm-custom-domain.repository';
import { TypeormEnvironmentRepository } from './typeorm-environment.repository';
import { TypeormFlagRepository } from './typeorm-flag.repository';
import { TypeormM2mClientRepository } from './typeorm-m2m-client.repository';
import { TypeormMembershipRepository } from './typeorm-membership.repository';
import { TypeormOrganizationRepository } from './typeorm-organization.repository';
import { TypeormPasswordLinkRepository } from './typeorm-password-link.repository';
import { TypeormRefreshTokenRepository } from './typeorm-refresh-token.repository';
import { TypeormReleaseRepository } from './typeorm-release.repository';
import { TypeormSecretRepository } from './typeorm-secret.repository';
import { TypeormSessionRepository } from './typeorm-session.repository';
import {
  TypeormSignInAssetRepository,
  TypeormSignInConfigRepository,
} from './typeorm-sign-in-config.repository';
import { TypeormSiteGrantRepository } from './typeorm-site-grant.repository';
import { TypeormSsoConnectionRepository } from './typeorm-sso-connection.repository';
import { TypeormSupportTicketRepository } from './typeorm-support-ticket.repository';
import { TypeormTenantRepository } from './typeorm-tenant.repository';
import { TypeormUserRepository } from './typeorm-user.repository';
import { TypeormVirtualKeyRepository } from './typeorm-virtual-key.repository';
import { TypeormWorkloadRepository } from './typeorm-workload.repository';
import { TypeormWorkspaceRepository } from './typeorm-workspace.repository';

/** Every repository, all running their statements in `scope`. */
export function typeormRepositories(scope: RepositoryScope): Repositories {
  return {
    users: new TypeormUserRepository(scope),
    organizations: new TypeormOrganizationRepository(scope),
    workspaces: new TypeormWorkspaceRepository(scope),
    environments: new TypeormEnvironmentRepository(scope),
    memberships: new TypeormMembershipRepository(scope),
    sessions: new TypeormSessionRepository(scope),
    refreshTokens: new TypeormRefreshTokenRepository(scope),
    passwordLinks: new TypeormPasswordLinkRepository(scope),
    audit: new TypeormAuditLog(scope),
    tickets: new TypeormSupportTicketRepository(scope),
    secrets: new TypeormSecretRepository(scope),
    m2mClients: new TypeormM2mClientRepository(scope),
    flags: new TypeormFlagRepository(scope),
    workloads: new TypeormWorkloadRepository(scope),
    apps: new TypeormAppRepository(scope),
    collections: new TypeormCollectionRepository(scope),
    siteGrants: new TypeormSiteGrantRepository(scope),
    appReleases: new TypeormAppReleases(scope),
    releases: new TypeormReleaseRepository(scope),
    customDomains: new TypeormCustomDomainRepository(scope),
    brandedHosts: new TypeormBrandedHosts(scope),
    appEndpoints: new TypeormAppEndpointRepository(scope),
    signInConfigs: new TypeormSignInConfigRepository(scope),
    signInAssets: new TypeormSignInAssetRepository(scope),
    appUsers: new TypeormAppUserRepository(scope),
    appUserLinks: new TypeormAppUserLinkRepository(scope),
    appUserSessions: new TypeormAppUserSessionRepository(scope),
    appRoles: new TypeormAppRoleRepository(scope),
    tenants: new TypeormTenantRepository(scope),
    ssoConnections: new TypeormSsoConnectionRepository(scope),
    virtualKeys: new TypeormVirtualKeyRepository(scope),
  };
}
