import type { AuditEvent } from '../audit/audit-event';
import type { PasswordLink } from '../auth/password-link';
import type { RefreshToken, Session } from '../auth/session';
import type { Environment } from '../environment/environment';
import type { Membership } from '../membership/membership';
import type { Organization } from '../organization/organization';
import type { ScopeType } from '../roles/role';
import type { User } from '../user/user';
import type { Workspace } from '../workspace/workspace';

/*
 * Repositories. `save` inserts or updates the whole record; methods named
 * `…ForUpdate` take a row lock held until the surrounding transaction ends.
 */

export interface UserRepository {
  save(user: User): Promise<void>;
  findById(id: string): Promise<User | null>;
  findByIdForUpdate(id: string): Promise<User | null>;
  /** `email` is already normalised (trimmed, lowercase). */
  findByEmail(email: string): Promise<User | null>;
}

export interface OrganizationRepository {
  save(organization: Organization): Promise<void>;
  findById(id: string): Promise<Organization | null>;
  findByIdForUpdate(id: string): Promise<Organization | null>;
  /** Every organization, oldest first (operator view). */
  list(): Promise<Organization[]>;
  /** Organizations where the user holds an accepted, unexpired organization role, oldest first. */
  listForUser(userId: string, now: Date): Promise<Organization[]>;
}

export interface WorkspaceRepository {
  save(workspace: Workspace): Promise<void>;
  findById(id: string): Promise<Workspace | null>;
  listByOrganization(organizationId: string): Promise<Workspace[]>;
  countByOrganization(organizationId: string): Promise<number>;
}

export interface EnvironmentRepository {
  save(environment: Environment): Promise<void>;
  findById(workspaceId: string, id: string): Promise<Environment | null>;
  findByName(workspaceId: string, name: string): Promise<Environment | null>;
  listByWorkspace(workspaceId: string): Promise<Environment[]>;
}

export interface MembershipRepository {
  save(membership: Membership): Promise<void>;
  findById(id: string): Promise<Membership | null>;
  findByIdForUpdate(id: string): Promise<Membership | null>;
  findForUserOnScope(userId: string, scopeType: ScopeType, scopeId: string): Promise<Membership | null>;
  listForUser(userId: string): Promise<Membership[]>;
  /** Memberships (any status) on one scope, oldest first, at most `limit`. */
  listForScope(scopeType: ScopeType, scopeId: string, limit: number): Promise<Membership[]>;
  /**
   * The user's memberships on an organization and on each of its workspaces,
   * any status; the caller filters by status and expiry.
   */
  listForUserInOrganization(userId: string, organizationId: string): Promise<Membership[]>;
  delete(id: string): Promise<void>;
}

export interface SessionRepository {
  save(session: Session): Promise<void>;
  findById(id: string): Promise<Session | null>;
  findByIdForUpdate(id: string): Promise<Session | null>;
  /** Revokes every live session of the user except `keepSessionId`. */
  revokeAllForUser(userId: string, at: Date, keepSessionId?: string): Promise<number>;
}

export interface RefreshTokenRepository {
  save(token: RefreshToken): Promise<void>;
  findByIdForUpdate(id: string): Promise<RefreshToken | null>;
}

export interface PasswordLinkRepository {
  save(link: PasswordLink): Promise<void>;
  findByTokenHash(tokenHash: string): Promise<PasswordLink | null>;
  findByTokenHashForUpdate(tokenHash: string): Promise<PasswordLink | null>;
  /** Cancels the user's unused, uncancelled links. */
  cancelActiveForUser(userId: string, at: Date): Promise<number>;
}

export interface AuditLog {
  append(event: AuditEvent): Promise<void>;
  /** Events recorded on the organization and on all of its workspaces. */
  countForOrganization(organizationId: string): Promise<number>;
}

/** What one transaction (or one plain read) sees. */
export interface Repositories {
  readonly users: UserRepository;
  readonly organizations: OrganizationRepository;
  readonly workspaces: WorkspaceRepository;
  readonly environments: EnvironmentRepository;
  readonly memberships: MembershipRepository;
  readonly sessions: SessionRepository;
  readonly refreshTokens: RefreshTokenRepository;
  readonly passwordLinks: PasswordLinkRepository;
  readonly audit: AuditLog;
}
