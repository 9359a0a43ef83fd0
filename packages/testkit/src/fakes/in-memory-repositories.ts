import type {
  AccountEventQuery,
  App,
  AppEndpoint,
  AppRole,
  AppUser,
  AppUserLink,
  AppUserRefreshToken,
  AppUserSession,
  AuditEvent,
  AuditLog,
  AuditQuery,
  CustomDomain,
  DataCollection,
  Environment,
  EnvironmentRepository,
  Flag,
  M2mClient,
  Membership,
  MembershipRepository,
  Organization,
  OrganizationRepository,
  PasswordLink,
  PasswordLinkRepository,
  RefreshToken,
  RefreshTokenRepository,
  Release,
  Repositories,
  ScopeType,
  Secret,
  Session,
  SessionRepository,
  SignInAsset,
  SignInConfig,
  SiteGrant,
  SsoConnection,
  Tenant,
  TenantMember,
  Ticket,
  TicketMessage,
  User,
  UserRepository,
  VirtualKey,
  Workload,
  Workspace,
  WorkspaceRepository,
} from '@groundfloor/domain';
import { DomainError, grantsAccess } from '@groundfloor/domain';
import { InMemoryAppRepository } from './in-memory-app.repository';
import { InMemoryAppReleases } from './in-memory-app-releases';
import { InMemoryAppRoleRepository } from './in-memory-app-role.repository';
import { InMemoryAppUserRepository } from './in-memory-app-user.repository';
import { InMemoryAppUserLinkRepository } from './in-memory-app-user-link.repository';
import { InMemoryAppUserSessionRepository } from './in-memory-app-user-session.repository';
import { InMemoryCollectionRepository } from './in-memory-collection.repository';
import {
  InMemoryAppEndpointRepository,
  InMemoryBrandedHosts,
  InMemoryCustomDomainRepository,
} from './in-memory-custom-domain.repository';
import { InMemoryReleaseRepository } from './in-memory-release.repository';
import {
  InMemoryFlags,
  InMemoryM2mClients,
  InMemorySecrets,
  listAccountEvents,
  listAuditEvents,
  memberAccountEvents,
} from './in-memory-secrets';
import {
  InMemorySignInAssetRepository,
  InMemorySignInConfigRepository,
} from './in-memory-sign-in-config.repository';
import { InMemorySiteGrantRepository } from './in-memory-site-grant.repository';
import { InMemorySsoConnectionRepository } from './in-memory-sso-connection.repository';
import { InMemoryTenantRepository } from './in-memory-tenant.repository';
import { InMemoryTickets } from './in-memory-tickets';
import { InMemoryVirtualKeyRepository } from './in-memory-virtual-key.repository';
import { InMemoryWorkloadRepository } from './in-memory-workload.repository';

const copy = <T>(value: T): T => structuredClone(value);
const byCreated = <T extends { createdAt: Date }>(a: T, b: T) =>
  a.createdAt.getTime() - b.createdAt.getTime();
/** Copies of the rows with these ids; unknown ids are left out. */
const pick = <T>(rows: Map<string, T>, ids: readonly string[]): T[] =>
  [...new Set(ids)].flatMap((id) => {
    const row = rows.get(id);
    return row ? [copy(row)] : [];
  });
/** What the database adapter raises on a unique-constraint violation. */
const duplicate = (detail: string) => new DomainError('conflict', 'duplicate', detail);

/** The rows of every table; a transaction works on a copy and swaps it in on commit. */
export class InMemoryTables {
  users = new Map<string, User>();
  organizations = new Map<string, Organization>();
  workspaces = new Map<string, Workspace>();
  environments = new Map<string, Environment>();
  memberships = new Map<string, Membership>();
  sessions = new Map<string, Session>();
  refreshTokens = new Map<string, RefreshToken>();
  passwordLinks = new Map<string, PasswordLink>();
  audit: AuditEvent[] = [];
  /** Who may see each account event, decided when it was appended (`audit_event_scopes`). */
  auditScopes: { eventId: string; scopeType: ScopeType; scopeId: string; carries: boolean }[] = [];
  tickets = new Map<string, Ticket>();
  ticketMessages = new Map<string, TicketMessage>();
  /** A sequence: not rolled back with a transaction, like the database's. */
  ticketNumbers = { next: 1000 };
  secrets = new Map<string, Secret>();
  m2mClients = new Map<string, M2mClient>();
  flags = new Map<string, Flag>();
  workloads = new Map<string, Workload>();
  apps = new Map<string, App>();
  /** By `<workspace id>/<name>`. */
  collections = new Map<string, DataCollection>();
  siteGrants: { workspaceId: string; grant: SiteGrant }[] = [];
  /** By release id. */
  releases = new Map<string, Release>();
  /** By id. */
  customDomains = new Map<string, CustomDomain>();
  /** Custom sign-in hosts, once workspace sign-in has them. */
  brandedHosts = new Set<string>();
  /** By app id. */
  appEndpoints = new Map<string, AppEndpoint>();
  /** Workspace sign-in: configurations by workspace id; assets by `<workspace id>/<kind>`. */
  signInConfigs = new Map<string, SignInConfig>();
  signInAssets = new Map<string, SignInAsset>();
  appUsers = new Map<string, AppUser>();
  appUserLinks = new Map<string, AppUserLink>();
  appUserSessions = new Map<string, AppUserSession>();
  appUserRefreshTokens = new Map<string, AppUserRefreshToken>();
  /** By `<workspace id>/<name>`. */
  appRoles = new Map<string, AppRole>();
  tenants = new Map<string, Tenant>();
  tenantMembers: TenantMember[] = [];
  ssoConnections = new Map<string, SsoConnection>();
  /** By workspace id. */
  virtualKeys = new Map<string, VirtualKey>();

  clone(): InMemoryTables {
    const next = new InMemoryTables();
    next.users = copy(this.users);
    next.organizations = copy(this.organizations);
    next.workspaces = copy(this.workspaces);
    next.environments = copy(this.environments);
    next.memberships = copy(this.memberships);
    next.sessions = copy(this.sessions);
    next.refreshTokens = copy(this.refreshTokens);
    next.passwordLinks = copy(this.passwordLinks);
    next.audit = copy(this.audit);
    next.auditScopes = copy(this.auditScopes);
    next.tickets = copy(this.tickets);
    next.ticketMessages = copy(this.ticketMessages);
    next.ticketNumbers = this.ticketNumbers;
    next.secrets = copy(this.secrets);
    next.m2mClients = copy(this.m2mClients);
    next.flags = copy(this.flags);
    next.workloads = copy(this.workloads);
    next.apps = copy(this.apps);
    next.collections = copy(this.collections);
    next.siteGrants = copy(this.siteGrants);
    next.releases = copy(this.releases);
    next.customDomains = copy(this.customDomains);
    next.brandedHosts = copy(this.brandedHosts);
    next.appEndpoints = copy(this.appEndpoints);
    next.signInConfigs = copy(this.signInConfigs);
    next.signInAssets = copy(this.signInAssets);
    next.appUsers = copy(this.appUsers);
    next.appUserLinks = copy(this.appUserLinks);
    next.appUserSessions = copy(this.appUserSessions);
    next.appUserRefreshTokens = copy(this.appUserRefreshTokens);
    next.appRoles = copy(this.appRoles);
    next.tenants = copy(this.tenants);
    next.tenantMembers = copy(this.tenantMembers);
    next.ssoConnections = copy(this.ssoConnections);
    next.virtualKeys = copy(this.virtualKeys);
    return next;
  }
}

class Users implements UserRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(user: User) {
    for (const other of this.t().users.values()) {
      if (other.id !== user.id && other.email === user.email) {
        throw duplicate('a user with this email already exists');
      }
    }
    this.t().users.set(user.id, copy(user));
  }
  async updateLastLoginAt(id: string, at: Date) {
    const u = this.t().users.get(id);
    if (u) this.t().users.set(id, { ...u, lastLoginAt: new Date(at) });
  }
  async findById(id: string) {
    const u = this.t().users.get(id);
    return u ? copy(u) : null;
  }
  findByIdForUpdate(id: string) {
    return this.findById(id);
  }
  async findByEmail(email: string) {
    for (const u of this.t().users.values()) if (u.email === email) return copy(u);
    return null;
  }
  async findByIds(ids: readonly string[]) {
    return pick(this.t().users, ids);
  }
}

class Organizations implements OrganizationRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(o: Organization) {
    this.t().organizations.set(o.id, copy(o));
  }
  async findById(id: string) {
    const o = this.t().organizations.get(id);
    return o ? copy(o) : null;
  }
  findByIdForUpdate(id: string) {
    return this.findById(id);
  }
  async findByIds(ids: readonly string[]) {
    return pick(this.t().organizations, ids);
  }
  async list() {
    return [...this.t().organizations.values()].sort(byCreated).map(copy);
  }
  async listForUser(userId: string, now: Date) {
    const ids = new Set(
      [...this.t().memberships.values()]
        .filter((m) => m.userId === userId && m.scopeType === 'account' && grantsAccess(m, now))
        .map((m) => m.scopeId),
    );
    return (await this.list()).filter((o) => ids.has(o.id));
  }
}

class Workspaces implements WorkspaceRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(w: Workspace) {
    this.t().workspaces.set(w.id, copy(w));
  }
  async findById(id: string) {
    const w = this.t().workspaces.get(id);
    return w ? copy(w) : null;
  }
  /** Transactions already run one at a time here, so the lock is only the read. */
  findByIdForUpdate(id: string) {
    return this.findById(id);
  }
  async findByIds(ids: readonly string[]) {
    return pick(this.t().workspaces, ids);
  }
  async listByOrganization(organizationId: string) {
    return [...this.t().workspaces.values()]
      .filter((w) => w.organizationId === organizationId)
      .sort(byCreated)
      .map(copy);
  }
  async countByOrganization(organizationId: string) {
    return (await this.listByOrganization(organizationId)).length;
  }
  async findForAccess(workspaceId: string, userId: string) {
    const workspace = await this.findById(workspaceId);
    const organization = workspace ? this.t().organizations.get(workspace.organizationId) : undefined;
    if (!workspace || !organization) return null;
    const memberships = await new Memberships(this.t).listForUserInOrganization(userId, organization.id);
    return { workspace, organization: copy(organization), memberships };
  }
}

class Environments implements EnvironmentRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(e: Environment) {
    for (const other of this.t().environments.values()) {
      if (other.id !== e.id && other.workspaceId === e.workspaceId && other.name === e.name) {
        throw duplicate('an environment with this name already exists in the workspace');
      }
    }
    this.t().environments.set(e.id, copy(e));
  }
  async findById(workspaceId: string, id: string) {
    const e = this.t().environments.get(id);
    return e && e.workspaceId === workspaceId ? copy(e) : null;
  }
  async findByName(workspaceId: string, name: string) {
    for (const e of this.t().environments.values()) {
      if (e.workspaceId === workspaceId && e.name === name) return copy(e);
    }
    return null;
  }
  async listByWorkspace(workspaceId: string) {
    return [...this.t().environments.values()]
      .filter((e) => e.workspaceId === workspaceId)
      .sort(byCreated)
      .map(copy);
  }
  async countByWorkspace(workspaceId: string) {
    return [...this.t().environments.values()].filter((e) => e.workspaceId === workspaceId).length;
  }
}

class Memberships implements MembershipRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(m: Membership) {
    for (const other of this.t().memberships.values()) {
      if (
        other.id !== m.id &&
        other.userId === m.userId &&
        other.scopeType === m.scopeType &&
        other.scopeId === m.scopeId
      ) {
        throw duplicate('the user already has a membership on this scope');
      }
    }
    this.t().memberships.set(m.id, copy(m));
  }
  async findById(id: string) {
    const m = this.t().memberships.get(id);
    return m ? copy(m) : null;
  }
  findByIdForUpdate(id: string) {
    return this.findById(id);
  }
  async findForUserOnScope(userId: string, scopeType: ScopeType, scopeId: string) {
    for (const m of this.t().memberships.values()) {
      if (m.userId === userId && m.scopeType === scopeType && m.scopeId === scopeId) return copy(m);
    }
    return null;
  }
  async listForUser(userId: string) {
    return [...this.t().memberships.values()]
      .filter((m) => m.userId === userId)
      .sort(byCreated)
      .map(copy);
  }
  async listForScope(scopeType: ScopeType, scopeId: string, limit: number) {
    return [...this.t().memberships.values()]
      .filter((m) => m.scopeType === scopeType && m.scopeId === scopeId)
      .sort(byCreated)
      .slice(0, limit)
      .map(copy);
  }
  async listTeamMembersOfScope(scopeType: ScopeType, scopeId: string, limit: number) {
    const users = this.t().users;
    return [...this.t().memberships.values()]
      .filter((m) => m.scopeType === scopeType && m.scopeId === scopeId)
      .filter((m) => (users.get(m.userId)?.idpRealm ?? null) === null)
      .sort(byCreated)
      .slice(0, limit)
      .map(copy);
  }
  /** Transactions already run one at a time here, so the lock is only the read. */
  async listOwnersOfScopeForUpdate(scopeType: ScopeType, scopeId: string) {
    return [...this.t().memberships.values()]
      .filter((m) => m.scopeType === scopeType && m.scopeId === scopeId && m.role === 'owner')
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map(copy);
  }
  async listForUserInOrganization(userId: string, organizationId: string) {
    const workspaceIds = new Set(
      [...this.t().workspaces.values()].filter((w) => w.organizationId === organizationId).map((w) => w.id),
    );
    return (await this.listForUser(userId)).filter(
      (m) =>
        (m.scopeType === 'account' && m.scopeId === organizationId) ||
        (m.scopeType === 'workspace' && workspaceIds.has(m.scopeId)),
    );
  }
  async delete(id: string) {
    this.t().memberships.delete(id);
  }
}

class Sessions implements SessionRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(s: Session) {
    this.t().sessions.set(s.id, copy(s));
  }
  async findById(id: string) {
    const s = this.t().sessions.get(id);
    return s ? copy(s) : null;
  }
  findByIdForUpdate(id: string) {
    return this.findById(id);
  }
  async revokeAllForUser(userId: string, at: Date, keepSessionId?: string) {
    let n = 0;
    for (const s of this.t().sessions.values()) {
      if (s.userId === userId && s.id !== keepSessionId && s.revokedAt === null) {
        s.revokedAt = at;
        n++;
      }
    }
    return n;
  }
}

class RefreshTokens implements RefreshTokenRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(r: RefreshToken) {
    this.t().refreshTokens.set(r.id, copy(r));
  }
  async findByIdForUpdate(id: string) {
    const r = this.t().refreshTokens.get(id);
    return r ? copy(r) : null;
  }
}

class PasswordLinks implements PasswordLinkRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(l: PasswordLink) {
    for (const other of this.t().passwordLinks.values()) {
      if (other.id !== l.id && other.tokenHash === l.tokenHash) {
        throw duplicate('a password link with this token hash already exists');
      }
    }
    this.t().passwordLinks.set(l.id, copy(l));
  }
  async findByTokenHash(tokenHash: string) {
    for (const l of this.t().passwordLinks.values()) if (l.tokenHash === tokenHash) return copy(l);
    return null;
  }
  findByTokenHashForUpdate(tokenHash: string) {
    return this.findByTokenHash(tokenHash);
  }
  async cancelActiveForUser(userId: string, at: Date) {
    let n = 0;
    for (const l of this.t().passwordLinks.values()) {
      if (l.userId === userId && l.usedAt === null && l.cancelledAt === null) {
        l.cancelledAt = at;
        n++;
      }
    }
    return n;
  }
}

class Audit implements AuditLog {
  constructor(private readonly t: () => InMemoryTables) {}
  async append(event: AuditEvent) {
    if (this.t().audit.some((e) => e.id === event.id)) {
      throw duplicate('a record with the same identity already exists');
    }
    this.t().audit.push(copy(event));
    if (event.organizationId === null && event.workspaceId === null && event.actor.kind === 'user') {
      for (const m of this.t().memberships.values()) {
        if (m.userId === event.actor.id && m.status === 'accepted' && m.createdAt <= event.createdAt) {
          this.t().auditScopes.push({
            eventId: event.id,
            scopeType: m.scopeType,
            scopeId: m.scopeId,
            carries: m.role !== 'billing_admin',
          });
        }
      }
    }
  }
  async countForOrganization(organizationId: string) {
    const workspaceIds = new Set(
      [...this.t().workspaces.values()].filter((w) => w.organizationId === organizationId).map((w) => w.id),
    );
    const ofMembers = memberAccountEvents(this.t(), { type: 'organization', id: organizationId });
    return this.t().audit.filter(
      (e) =>
        e.organizationId === organizationId ||
        (e.workspaceId !== null && workspaceIds.has(e.workspaceId)) ||
        ofMembers(e),
    ).length;
  }
  async list(query: AuditQuery) {
    return listAuditEvents(this.t(), query);
  }

  async listAccountEvents(query: AccountEventQuery) {
    return listAccountEvents(this.t(), query);
  }
}

/** Repositories over whatever tables `tables()` returns at call time. */
export function inMemoryRepositories(tables: () => InMemoryTables): Repositories {
  return {
    users: new Users(tables),
    organizations: new Organizations(tables),
    workspaces: new Workspaces(tables),
    environments: new Environments(tables),
    memberships: new Memberships(tables),
    sessions: new Sessions(tables),
    refreshTokens: new RefreshTokens(tables),
    passwordLinks: new PasswordLinks(tables),
    audit: new Audit(tables),
    tickets: new InMemoryTickets(tables),
    secrets: new InMemorySecrets(tables),
    m2mClients: new InMemoryM2mClients(tables),
    flags: new InMemoryFlags(tables),
    workloads: new InMemoryWorkloadRepository(tables),
    apps: new InMemoryAppRepository(tables),
    collections: new InMemoryCollectionRepository(tables),
    siteGrants: new InMemorySiteGrantRepository(tables),
    appReleases: new InMemoryAppReleases(tables),
    releases: new InMemoryReleaseRepository(tables),
    customDomains: new InMemoryCustomDomainRepository(tables),
    brandedHosts: new InMemoryBrandedHosts(tables),
    appEndpoints: new InMemoryAppEndpointRepository(tables),
    signInConfigs: new InMemorySignInConfigRepository(tables),
    signInAssets: new InMemorySignInAssetRepository(tables),
    appUsers: new InMemoryAppUserRepository(tables),
    appUserLinks: new InMemoryAppUserLinkRepository(tables),
    appUserSessions: new InMemoryAppUserSessionRepository(tables),
    appRoles: new InMemoryAppRoleRepository(tables),
    tenants: new InMemoryTenantRepository(tables),
    ssoConnections: new InMemorySsoConnectionRepository(tables),
    virtualKeys: new InMemoryVirtualKeyRepository(tables),
  };
}
