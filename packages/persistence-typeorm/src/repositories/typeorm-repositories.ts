import type { Repositories } from '@groundfloor/domain';
import type { RepositoryScope } from './repository-scope';
import { TypeormAuditLog } from './typeorm-audit-log';
import { TypeormEnvironmentRepository } from './typeorm-environment.repository';
import { TypeormMembershipRepository } from './typeorm-membership.repository';
import { TypeormOrganizationRepository } from './typeorm-organization.repository';
import { TypeormPasswordLinkRepository } from './typeorm-password-link.repository';
import { TypeormRefreshTokenRepository } from './typeorm-refresh-token.repository';
import { TypeormSessionRepository } from './typeorm-session.repository';
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
  };
}
