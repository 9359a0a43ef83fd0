import type { Repositories } from '@groundfloor/domain';
import type { RepositoryScope } from './repository-scope';
import { TypeormAuditLog } from './typeorm-audit-log';
import { TypeormEnvironmentRepository } from './typeorm-environment.repository';
import { TypeormFlagRepository } from './typeorm-flag.repository';
import { TypeormM2mClientRepository } from './typeorm-m2m-client.repository';
import { TypeormMembershipRepository } from './typeorm-membership.repository';
import { TypeormOrganizationRepository } from './typeorm-organization.repository';
import { TypeormPasswordLinkRepository } from './typeorm-password-link.repository';
import { TypeormRefreshTokenRepository } from './typeorm-refresh-token.repository';
import { TypeormSecretRepository } from './typeorm-secret.repository';
import { TypeormSessionRepository } from './typeorm-session.repository';
import { TypeormSupportTicketRepository } from './typeorm-support-ticket.repository';
import { TypeormUserRepository } from './typeorm-user.repository';
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
  };
}
