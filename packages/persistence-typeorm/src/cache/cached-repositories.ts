import type {
  AppUserRepository,
  AppUserSessionRepository,
  FlagRepository,
  Repositories,
  SecretRepository,
  SessionRepository,
  SignInConfigRepository,
  WorkspaceRepository,
} from '@groundfloor/domain';
import type { AuthorizationCache, CachedTable } from './authorization-cache';

/**
 * The read-side repositories, with the authorizing reads, the runtime flags,
 * secret reveals and app users' token checks served through the cache.
 */
export function cachedReads(repos: Repositories, cache: AuthorizationCache): Repositories {
  const sessions: SessionRepository = Object.create(repos.sessions);
  sessions.findById = (id) => cache.session(id, () => repos.sessions.findById(id));
  const workspaces: WorkspaceRepository = Object.create(repos.workspaces);
  workspaces.findById = (id) => cache.workspace(id, () => repos.workspaces.findById(id));
  workspaces.findForAccess = (workspaceId, userId) =>
    cache.workspaceAccess(workspaceId, userId, () => repos.workspaces.findForAccess(workspaceId, userId));
  const flags: FlagRepository = Object.create(repos.flags);
  flags.listByWorkspace = (workspaceId) =>
    cache.flags(workspaceId, () => repos.flags.listByWorkspace(workspaceId));
  const secrets: SecretRepository = Object.create(repos.secrets);
  secrets.find = (workspaceId, environmentId, key) =>
    cache.secret(workspaceId, environmentId, key, () => repos.secrets.find(workspaceId, environmentId, key));
  const appUserSessions: AppUserSessionRepository = Object.create(repos.appUserSessions);
  appUserSessions.findById = (id) => cache.appUserSession(id, () => repos.appUserSessions.findById(id));
  const appUsers: AppUserRepository = Object.create(repos.appUsers);
  appUsers.findById = (workspaceId, id) =>
    cache.appUser(workspaceId, id, () => repos.appUsers.findById(workspaceId, id));
  const signInConfigs: SignInConfigRepository = Object.create(repos.signInConfigs);
  signInConfigs.find = (workspaceId) =>
    cache.signInConfig(workspaceId, () => repos.signInConfigs.find(workspaceId));
  return { ...repos, sessions, workspaces, flags, secrets, appUserSessions, appUsers, signInConfigs };
}

/** What a transaction changed among the cached tables, to invalidate when it commits. */
export class ChangeLog {
  private readonly changes: { table: CachedTable; id?: string }[] = [];

  record(table: CachedTable, id?: string): void {
    this.changes.push({ table, id });
  }

  applyTo(cache: AuthorizationCache): void {
    for (const change of this.changes) cache.changed(change.table, change.id);
  }
}

const READS = /^(find|list|count)/;

/**
 * Which rows a write touched, as a change notification would name them:
 * undefined, the whole table; null, none of the cached rows.
 */
type Naming = (property: string, args: readonly unknown[]) => string | undefined | null;

const field = (value: unknown, name: 'id' | 'workspaceId' | 'userId'): string | undefined => {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
  return typeof v === 'string' ? v : undefined;
};

/** A row saved whole is known by its id. */
const byRowId: Naming = (property, args) => (property === 'save' ? field(args[0], 'id') : undefined);

/** Rows of one workspace: a write names it first, or saves a row that carries it. */
const byWorkspace: Naming = (_property, args) =>
  typeof args[0] === 'string' ? args[0] : field(args[0], 'workspaceId');

const wholeTable: Naming = () => undefined;

/**
 * A transaction's repositories that note every write to a cached table.
 * Any method that is not a read counts as a write; a write that cannot be
 * pinned to a row or a workspace forgets the whole table.
 */
export function recordingWrites(repos: Repositories, log: ChangeLog): Repositories {
  const watch = <R extends object>(repo: R, table: CachedTable, naming: Naming): R =>
    new Proxy(repo, {
      get(target, property, receiver) {
        const member = Reflect.get(target, property, receiver);
        if (typeof member !== 'function' || typeof property !== 'string' || READS.test(property))
          return member;
        return (...args: unknown[]) => {
          const name = naming(property, args);
          if (name !== null) log.record(table, name);
          return member.apply(target, args);
        };
      },
    });
  return {
    ...repos,
    sessions: watch(repos.sessions, 'sessions', byRowId),
    // A membership saved whole names its user; any other write forgets every user's access.
    memberships: watch(repos.memberships, 'memberships', (property, args) =>
      property === 'save' ? field(args[0], 'userId') : undefined,
    ),
    workspaces: watch(repos.workspaces, 'workspaces', wholeTable),
    organizations: watch(repos.organizations, 'organizations', wholeTable),
    flags: watch(repos.flags, 'flags', byWorkspace),
    // `delete(id)` and `replaceSealed(id)` name no workspace: they forget every secret.
    secrets: watch(repos.secrets, 'secrets', (property, args) =>
      property === 'save' ? field(args[0], 'workspaceId') : undefined,
    ),
    // Refresh tokens live in a table of their own, which the cache does not hold.
    appUserSessions: watch(repos.appUserSessions, 'app_user_sessions', (property, args) =>
      property === 'saveRefreshToken' ? null : byRowId(property, args),
    ),
    appUsers: watch(repos.appUsers, 'app_users', byWorkspace),
    signInConfigs: watch(repos.signInConfigs, 'sign_in_configs', byWorkspace),
  };
}
