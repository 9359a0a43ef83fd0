import type {
  Flag,
  FlagRepository,
  Repositories,
  Session,
  SessionRepository,
  WorkspaceRepository,
} from '@groundfloor/domain';
import type { AuthorizationCache, CachedTable } from './authorization-cache';

/** The read-side repositories, with the authorizing reads and the runtime flags served through the cache. */
export function cachedReads(repos: Repositories, cache: AuthorizationCache): Repositories {
  const sessions: SessionRepository = Object.create(repos.sessions);
  sessions.findById = (id) => cache.session(id, () => repos.sessions.findById(id));
  const workspaces: WorkspaceRepository = Object.create(repos.workspaces);
  workspaces.findForAccess = (workspaceId, userId) =>
    cache.workspaceAccess(workspaceId, userId, () => repos.workspaces.findForAccess(workspaceId, userId));
  const flags: FlagRepository = Object.create(repos.flags);
  flags.listByWorkspace = (workspaceId) =>
    cache.flags(workspaceId, () => repos.flags.listByWorkspace(workspaceId));
  return { ...repos, sessions, workspaces, flags };
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
 * A transaction's repositories that note every write to a cached table.
 * Any method that is not a read counts as a write; a session saved whole is
 * known by its id, a flag write by its workspace, any other write forgets
 * the whole table.
 */
export function recordingWrites(repos: Repositories, log: ChangeLog): Repositories {
  const watch = <R extends object>(repo: R, table: CachedTable): R =>
    new Proxy(repo, {
      get(target, property, receiver) {
        const member = Reflect.get(target, property, receiver);
        if (typeof member !== 'function' || typeof property !== 'string' || READS.test(property))
          return member;
        return (...args: unknown[]) => {
          const id =
            table === 'sessions' && property === 'save'
              ? (args[0] as Session | undefined)?.id
              : table === 'flags'
                ? typeof args[0] === 'string'
                  ? args[0]
                  : (args[0] as Flag | undefined)?.workspaceId
                : undefined;
          log.record(table, id);
          return member.apply(target, args);
        };
      },
    });
  return {
    ...repos,
    sessions: watch(repos.sessions, 'sessions'),
    memberships: watch(repos.memberships, 'memberships'),
    workspaces: watch(repos.workspaces, 'workspaces'),
    organizations: watch(repos.organizations, 'organizations'),
    flags: watch(repos.flags, 'flags'),
  };
}
