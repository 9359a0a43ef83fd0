import type { AuditCursor } from '../audit/audit-cursor';
import type { AuditEvent } from '../audit/audit-event';
import type { PasswordLink } from '../auth/password-link';
import type { RefreshToken, Session } from '../auth/session';
import type { Environment } from '../environment/environment';
import type { Flag } from '../flag/flag';
import type { M2mClient } from '../m2m/m2m-client';
import type { Membership } from '../membership/membership';
import type { Organization } from '../organization/organization';
import type { ScopeType } from '../roles/role';
import type { Secret } from '../secret/secret';
import type { Ticket, TicketCategory, TicketMessage, TicketStatus } from '../ticket/ticket';
import type { TicketVisibility } from '../ticket/ticket-visibility.policy';
import type { User } from '../user/user';
import type { Workspace } from '../workspace/workspace';
import type { SealedValue } from './key-management.port';

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
  /** The users with these ids, in no particular order; unknown ids are left out. */
  findByIds(ids: readonly string[]): Promise<User[]>;
}

export interface OrganizationRepository {
  save(organization: Organization): Promise<void>;
  findById(id: string): Promise<Organization | null>;
  findByIdForUpdate(id: string): Promise<Organization | null>;
  /** The organizations with these ids, in no particular order; unknown ids are left out. */
  findByIds(ids: readonly string[]): Promise<Organization[]>;
  /** Every organization, oldest first (operator view). */
  list(): Promise<Organization[]>;
  /** Organizations where the user holds an accepted, unexpired organization role, oldest first. */
  listForUser(userId: string, now: Date): Promise<Organization[]>;
}

export interface WorkspaceRepository {
  save(workspace: Workspace): Promise<void>;
  findById(id: string): Promise<Workspace | null>;
  /** The workspaces with these ids, in no particular order; unknown ids are left out. */
  findByIds(ids: readonly string[]): Promise<Workspace[]>;
  listByOrganization(organizationId: string): Promise<Workspace[]>;
  countByOrganization(organizationId: string): Promise<number>;
  /**
   * The workspace, its organization and the user's memberships in that
   * organization (as `MembershipRepository.listForUserInOrganization`), in one
   * read: what every workspace route authorizes with. Null when the workspace
   * or its organization does not exist.
   */
  findForAccess(workspaceId: string, userId: string): Promise<WorkspaceAccessRead | null>;
}

export interface WorkspaceAccessRead {
  readonly workspace: Workspace;
  readonly organization: Organization;
  readonly memberships: Membership[];
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
   * As `listForScope`, leaving out the legacy rows of app users (whose user
   * has an idp realm): the member list of the spec.
   */
  listTeamMembersOfScope(scopeType: ScopeType, scopeId: string, limit: number): Promise<Membership[]>;
  /**
   * Every `owner` membership of the scope (any status), ordered by id and
   * locked in that order, so that concurrent last-owner checks queue
   * instead of both passing, and never deadlock.
   */
  listOwnersOfScopeForUpdate(scopeType: ScopeType, scopeId: string): Promise<Membership[]>;
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
  /** The events `list` shows for the organization (its own, its workspaces', its members' account events). */
  countForOrganization(organizationId: string): Promise<number>;
  /**
   * Newest first (ties: higher id first), at most `limit`, strictly before
   * `before`. An organization scope includes the events of its workspaces.
   * Both include the account events of their members (spec, Events:
   * auth-related events appear on the audit route): events with no
   * organization or workspace whose actor is a user holding an accepted
   * membership there (on a workspace: on it, or on its organization in a role
   * other than billing_admin) created no later than the event.
   */
  list(query: AuditQuery): Promise<AuditEvent[]>;
}

export interface AuditQuery {
  readonly scope: { readonly type: 'organization' | 'workspace'; readonly id: string };
  readonly action?: string;
  readonly before?: AuditCursor;
  readonly limit: number;
}

/** A set is workspace-wide when `environmentId` is null. */
export interface SecretRepository {
  /** Inserts or updates by id; one key per set (`duplicate` otherwise). */
  save(secret: Secret): Promise<void>;
  find(workspaceId: string, environmentId: string | null, key: string): Promise<Secret | null>;
  findForUpdate(workspaceId: string, environmentId: string | null, key: string): Promise<Secret | null>;
  /** Every secret of one set, by key. */
  listSet(workspaceId: string, environmentId: string | null): Promise<Secret[]>;
  delete(id: string): Promise<void>;
  /** A batch of every secret of every workspace, by id, after `afterId` (for master-key rotation). */
  listBatch(afterId: string | null, limit: number): Promise<Secret[]>;
  /** Replaces only the sealed value (rewrap); true when the row existed. */
  replaceSealed(id: string, sealed: SealedValue): Promise<boolean>;
}

export interface M2mClientRepository {
  save(client: M2mClient): Promise<void>;
  findById(id: string): Promise<M2mClient | null>;
  /** Oldest first. */
  listByWorkspace(workspaceId: string): Promise<M2mClient[]>;
  delete(id: string): Promise<void>;
}

export interface FlagRepository {
  /** Inserts or replaces the flag of (workspaceId, key). */
  save(flag: Flag): Promise<void>;
  find(workspaceId: string, key: string): Promise<Flag | null>;
  /** By key. */
  listByWorkspace(workspaceId: string): Promise<Flag[]>;
  /** True when a flag was removed. */
  delete(workspaceId: string, key: string): Promise<boolean>;
}

/** One organization's tickets as one caller sees them (spec: Support, list). */
export interface TicketListQuery {
  readonly organizationId: string;
  readonly visibleTo: TicketVisibility;
  /** Empty: every status. */
  readonly statuses: readonly TicketStatus[];
  /** Empty: every category. */
  readonly categories: readonly TicketCategory[];
  readonly limit: number;
  readonly offset: number;
}

/** The operator's queue across organizations. */
export interface TicketQueueQuery {
  readonly statuses: readonly TicketStatus[];
  /** Empty or absent: every category. */
  readonly categories?: readonly TicketCategory[];
  readonly organizationId?: string;
  readonly limit: number;
  readonly offset: number;
}

export interface TicketPage {
  readonly items: Ticket[];
  readonly totalCount: number;
}

/** Support tickets and their messages (one aggregate). */
export interface TicketRepository {
  /** The next platform-wide ticket number (a database sequence: increasing, never reused). */
  nextNumber(): Promise<number>;
  /** Inserts or updates the whole ticket; `number` is unique. */
  save(ticket: Ticket): Promise<void>;
  findById(id: string): Promise<Ticket | null>;
  findByIdForUpdate(id: string): Promise<Ticket | null>;
  /** Visible tickets matching the filters, most recently updated first (ties: higher number first). */
  listForOrganization(query: TicketListQuery): Promise<TicketPage>;
  /** Oldest waiting first: by last customer activity, then number. */
  listQueue(query: TicketQueueQuery): Promise<TicketPage>;
  /** Tickets of the organization neither resolved nor closed. */
  countUnresolved(organizationId: string): Promise<number>;
  /** Inserts or updates one message (redaction updates). */
  saveMessage(message: TicketMessage): Promise<void>;
  /** The ticket's messages, oldest first (ties: by id). */
  listMessages(ticketId: string): Promise<TicketMessage[]>;
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
  readonly tickets: TicketRepository;
  readonly secrets: SecretRepository;
  readonly m2mClients: M2mClientRepository;
  readonly flags: FlagRepository;
}
