import type { App, AppKind } from '../app/app';
import type { AuditCursor } from '../audit/audit-cursor';
import type { AuditEvent } from '../audit/audit-event';
import type { PasswordLink } from '../auth/password-link';
import type { RefreshToken, Session } from '../auth/session';
import type { DataCollection } from '../collection/data-collection';
import type { AppEndpoint } from '../custom-domain/app-endpoint';
import type { CustomDomain } from '../custom-domain/custom-domain';
import type { Environment } from '../environment/environment';
import type { Flag } from '../flag/flag';
import type { M2mClient } from '../m2m/m2m-client';
import type { Membership } from '../membership/membership';
import type { VirtualKey } from '../model-gateway/virtual-key';
import type { Organization } from '../organization/organization';
import type { Release } from '../release/release';
import type { ScopeType } from '../roles/role';
import type { Secret } from '../secret/secret';
import type { GrantTarget, SiteGrant } from '../site-access/site-grant';
import type { Ticket, TicketCategory, TicketMessage, TicketStatus } from '../ticket/ticket';
import type { TicketVisibility } from '../ticket/ticket-visibility.policy';
import type { User } from '../user/user';
import type { Workload } from '../workload/workload';
import type { Workspace } from '../workspace/workspace';
import type { AppReleases } from './app-releases.port';
import type { SealedValue } from './key-management.port';
import type {
  AppRoleRepository,
  AppUserLinkRepository,
  AppUserRepository,
  AppUserSessionRepository,
  SignInAssetRepository,
  SignInConfigRepository,
  SsoConnectionRepository,
  TenantRepository,
} from './sign-in-repositories.port';

/*
 * Repositories. `save` inserts or updates the whole record; methods named
 * `…ForUpdate` take a row lock held until the surrounding transaction ends.
 */

export interface UserRepository {
  save(user: User): Promise<void>;
  /**
   * Sets `lastLoginAt` and nothing else, so that a sign-in may record it
   * without a lock and without writing back anything it read earlier.
   * An unknown id changes nothing.
   */
  updateLastLoginAt(id: string, at: Date): Promise<void>;
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
  /** Locks the workspace row: taken first by creates that count what a workspace holds, and by changes to its site-role grants. */
  findByIdForUpdate(id: string): Promise<Workspace | null>;
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
  countByWorkspace(workspaceId: string): Promise<number>;
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
  /**
   * One person's own account events (no organization or workspace, the user
   * as actor), newest first (ties: higher id first), at most `limit`,
   * strictly before `before`, optionally of one action.
   */
  listAccountEvents(query: AccountEventQuery): Promise<AuditEvent[]>;
}

export interface AccountEventQuery {
  readonly userId: string;
  readonly action?: string;
  readonly before?: AuditCursor;
  readonly limit: number;
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
  /** How many secrets one set holds, leaving out the keys in `leavingOut`. */
  countSet(workspaceId: string, environmentId: string | null, leavingOut: readonly string[]): Promise<number>;
  delete(id: string): Promise<void>;
  /** How many secrets every workspace holds in all (master-key rotation reports its progress against it). */
  countAll(): Promise<number>;
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
  countByWorkspace(workspaceId: string): Promise<number>;
  delete(id: string): Promise<void>;
}

export interface FlagRepository {
  /** Inserts or replaces the flag of (workspaceId, key). */
  save(flag: Flag): Promise<void>;
  find(workspaceId: string, key: string): Promise<Flag | null>;
  /** By key. */
  listByWorkspace(workspaceId: string): Promise<Flag[]>;
  countByWorkspace(workspaceId: string): Promise<number>;
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

/** Code-execution workloads of a workspace (supplement §12). */
export interface WorkloadRepository {
  save(workload: Workload): Promise<void>;
  /** Only a workload of this workspace; null for any other id. */
  findById(workspaceId: string, id: string): Promise<Workload | null>;
  findByIdForUpdate(workspaceId: string, id: string): Promise<Workload | null>;
  /** Every workload of the workspace, archived ones too, oldest first (ties by id). */
  listByWorkspace(workspaceId: string): Promise<Workload[]>;
}

export interface AppListQuery {
  readonly workspaceId: string;
  /** Only apps of these kinds (an empty list selects none). */
  readonly kinds: readonly AppKind[];
  readonly includeArchived: boolean;
  /** Only apps targeting this environment. */
  readonly environmentId?: string;
  /** At most this many; absent: every app (what Access, compare and promote must see whole). */
  readonly limit?: number;
}

/** Apps of a workspace. */
export interface AppRepository {
  /**
   * Inserts or updates the whole app. A slug another app of the workspace
   * already has (archived or not) is `duplicate`, also when two inserts race.
   */
  save(app: App): Promise<void>;
  /** Only an app of this workspace; null for any other id. */
  findById(workspaceId: string, id: string): Promise<App | null>;
  findByIdForUpdate(workspaceId: string, id: string): Promise<App | null>;
  /** Archived apps included; the slug is matched exactly. */
  findBySlug(workspaceId: string, slug: string): Promise<App | null>;
  /** Matching apps, oldest first (ties by id), at most `limit`. */
  list(query: AppListQuery): Promise<App[]>;
}

/** Data collections of a workspace with their workload grants (supplement §17). */
export interface CollectionRepository {
  /** A name the workspace already has is `duplicate`, also when two inserts race. */
  insert(collection: DataCollection): Promise<void>;
  /** Rewrites an existing collection (its workload grants). */
  update(collection: DataCollection): Promise<void>;
  find(workspaceId: string, name: string): Promise<DataCollection | null>;
  findForUpdate(workspaceId: string, name: string): Promise<DataCollection | null>;
  /** By name (code-unit order). */
  listByWorkspace(workspaceId: string): Promise<DataCollection[]>;
  /** True when a collection was removed. */
  delete(workspaceId: string, name: string): Promise<boolean>;
}

/** Site-role grants of a workspace: on collections, on files, on app launch. */
export interface SiteGrantRepository {
  /** The grants the target covers (every grant when absent), each once, in the order they were saved. */
  list(workspaceId: string, target?: GrantTarget): Promise<SiteGrant[]>;
  /**
   * Deletes every grant the targets cover, then saves `grants` in the order
   * given (each once, where it first appears), all of which they must cover.
   */
  replace(
    workspaceId: string,
    target: GrantTarget | readonly GrantTarget[],
    grants: readonly SiteGrant[],
  ): Promise<void>;
}

/** Releases of `shell_federated` apps (supplement §9). */
export interface ReleaseRepository {
  /** Inserts or updates the whole release. A second current release of one app is `duplicate`. */
  save(release: Release): Promise<void>;
  /** Only a release of this app; null for any other id. */
  findById(appId: string, id: string): Promise<Release | null>;
  findByIdForUpdate(appId: string, id: string): Promise<Release | null>;
  /** A published release by id alone, whichever app it belongs to (the public file route). */
  findPublishedById(id: string): Promise<Release | null>;
  /** The app's current release, or null. */
  findCurrent(appId: string): Promise<Release | null>;
  /** Newest first (ties by id), at most `limit`. */
  listByApp(appId: string, limit: number): Promise<Release[]>;
  /**
   * `files.bytes`: the published bytes of the current release of every
   * active (not archived) app in the organization's workspaces.
   */
  sumActiveBytes(organizationId: string): Promise<number>;
}

/** Custom domains of standalone (and legacy coderunner) apps. */
export interface CustomDomainRepository {
  /** A domain any app of any workspace already has is `duplicate`, also when two inserts race. */
  insert(domain: CustomDomain): Promise<void>;
  /** Rewrites an existing domain (status, check results). */
  update(domain: CustomDomain): Promise<void>;
  /** The app's domain with this name; null for another app's. */
  find(appId: string, domain: string): Promise<CustomDomain | null>;
  findForUpdate(appId: string, domain: string): Promise<CustomDomain | null>;
  /** By domain name (code-unit order). */
  listByApp(appId: string): Promise<CustomDomain[]>;
  /** The domain of whichever app of the platform has it (exact lowercase name); null when none. */
  findByDomain(domain: string): Promise<CustomDomain | null>;
  /** True when a domain was removed. */
  delete(appId: string, domain: string): Promise<boolean>;
}

/**
 * Host names the platform serves branded sign-in on: the custom sign-in
 * hosts workspaces claim (pending or verified), which app custom domains
 * must not take.
 */
export interface BrandedHostLookup {
  isBrandedHost(hostname: string): Promise<boolean>;
  /**
   * Until the transaction ends, no other transaction claims this host name,
   * as an app's custom domain or as a sign-in host: the two live in
   * different tables, so no unique index can keep them apart.
   */
  lockHostname(hostname: string): Promise<void>;
}

/** The public setting of standalone apps' endpoints (`coderunner/public`). */
export interface AppEndpointRepository {
  /** Null when the app never set it (it is then not public). */
  find(appId: string): Promise<AppEndpoint | null>;
  /** Inserts or replaces the app's setting. */
  save(endpoint: AppEndpoint): Promise<void>;
}

/** Model-gateway virtual keys: one record per workspace that ever minted one (never the key itself). */
export interface VirtualKeyRepository {
  find(workspaceId: string): Promise<VirtualKey | null>;
  findForUpdate(workspaceId: string): Promise<VirtualKey | null>;
  /** Inserts or replaces the workspace's record. */
  save(key: VirtualKey): Promise<void>;
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
  readonly workloads: WorkloadRepository;
  readonly apps: AppRepository;
  readonly collections: CollectionRepository;
  readonly siteGrants: SiteGrantRepository;
  readonly appReleases: AppReleases;
  readonly releases: ReleaseRepository;
  readonly customDomains: CustomDomainRepository;
  readonly brandedHosts: BrandedHostLookup;
  readonly appEndpoints: AppEndpointRepository;
  /** Workspace sign-in (app end users): sign-in-repositories.port.ts. */
  readonly signInConfigs: SignInConfigRepository;
  readonly signInAssets: SignInAssetRepository;
  readonly appUsers: AppUserRepository;
  readonly appUserLinks: AppUserLinkRepository;
  readonly appUserSessions: AppUserSessionRepository;
  readonly appRoles: AppRoleRepository;
  readonly tenants: TenantRepository;
  readonly ssoConnections: SsoConnectionRepository;
  readonly virtualKeys: VirtualKeyRepository;
}
