import type {
  AppUser,
  AppUserSession,
  Flag,
  Secret,
  Session,
  SignInConfig,
  Workspace,
  WorkspaceAccessRead,
} from '@groundfloor/domain';

/** The tables whose rows the cache holds; what a change notification names. */
export type CachedTable =
  | 'sessions'
  | 'memberships'
  | 'workspaces'
  | 'organizations'
  | 'flags'
  | 'secrets'
  | 'app_user_sessions'
  | 'app_users'
  | 'sign_in_configs';

export const CACHED_TABLES: readonly CachedTable[] = [
  'sessions',
  'memberships',
  'workspaces',
  'organizations',
  'flags',
  'secrets',
  'app_user_sessions',
  'app_users',
  'sign_in_configs',
];

export interface AuthorizationCacheOptions {
  /** Entries per map; the oldest is dropped first. */
  readonly maxEntries?: number;
  /** Secrets kept at most (each holds a sealed value, up to a few kilobytes). */
  readonly maxSecrets?: number;
  /** How long an entry may serve, whatever notifications say: a bound should one ever be lost. */
  readonly ttlMs?: number;
  readonly now?: () => number;
}

interface Entry<T> {
  readonly value: T;
  readonly expiresAt: number;
  /** What a change notification names to drop it: a row's id, or its workspace's. */
  readonly group: string;
}

/**
 * One map of entries, each in a group (the row's id, or the workspace it
 * belongs to) that a change notification names. Keys are exact: a secret's
 * key is case-sensitive, so only the ids in them are lower-cased, by the caller.
 */
class Entries<T> {
  private readonly map = new Map<string, Entry<T>>();
  /** The keys of each group, so that dropping one costs its own entries, not the whole map. */
  private readonly groups = new Map<string, Set<string>>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, now: number): T | undefined {
    const hit = this.map.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (hit) this.delete(key);
    return undefined;
  }

  set(key: string, entry: Entry<T>): void {
    this.delete(key);
    if (this.map.size >= this.maxEntries) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    this.map.set(key, entry);
    const keys = this.groups.get(entry.group);
    if (keys) keys.add(key);
    else this.groups.set(entry.group, new Set([key]));
  }

  /** Drops one group's entries, or every entry. */
  drop(group?: string): void {
    if (group === undefined) {
      this.map.clear();
      this.groups.clear();
      return;
    }
    for (const key of this.groups.get(group) ?? []) this.map.delete(key);
    this.groups.delete(group);
  }

  private delete(key: string): void {
    const entry = this.map.get(key);
    if (!entry) return;
    this.map.delete(key);
    const keys = this.groups.get(entry.group);
    keys?.delete(key);
    if (keys?.size === 0) this.groups.delete(entry.group);
  }
}

const SECRET_VALUE_MAX = 8192;

/**
 * The reads that authorize nearly every request, kept in memory: a session
 * by id, a workspace, and a workspace with its organization and one user's memberships;
 * each workspace's flags, which every app polls (`flags/runtime`); the
 * sealed secrets that are revealed; and what authenticates an app user's
 * token (its session, the user and the workspace's sign-in configuration).
 *
 * Correct across replicas because it serves only while it hears about every
 * change: rows' changes arrive as PostgreSQL notifications (sent by triggers,
 * on commit), and this process's own commits invalidate at once, before
 * their response leaves. While the notification channel is down the cache
 * holds nothing and every read goes to the database.
 *
 * A read that raced a change is not kept: `generation` counts
 * invalidations, and a loaded value is stored only if none arrived while it
 * was being read.
 */
export class AuthorizationCache {
  private readonly tables: Record<CachedTable, Entries<unknown>>;
  private generation = 0;
  private listening = false;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: AuthorizationCacheOptions = {}) {
    const max = options.maxEntries ?? 10_000;
    const access = new Entries<unknown>(max);
    this.tables = {
      sessions: new Entries(max),
      // Memberships, workspaces and organizations all shape workspace access.
      memberships: access,
      workspaces: access,
      organizations: access,
      flags: new Entries(max),
      secrets: new Entries(options.maxSecrets ?? 2_000),
      app_user_sessions: new Entries(max),
      app_users: new Entries(max),
      sign_in_configs: new Entries(max),
    };
    this.ttlMs = options.ttlMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  /** Whether it serves: only while change notifications are heard. */
  get serving(): boolean {
    return this.listening;
  }

  /** The notification channel is up (serve from now on) or down (forget everything, serve nothing). */
  setListening(listening: boolean): void {
    this.clear();
    this.listening = listening;
  }

  session(id: string, load: () => Promise<Session | null>): Promise<Session | null> {
    const key = id.toLowerCase();
    return this.through('sessions', key, key, load);
  }

  workspaceAccess(
    workspaceId: string,
    userId: string,
    load: () => Promise<WorkspaceAccessRead | null>,
  ): Promise<WorkspaceAccessRead | null> {
    // Grouped by user: a membership change drops its user's reads; a
    // workspace or organization change drops all of them (see `changed`).
    const user = userId.toLowerCase();
    return this.through('workspaces', `${workspaceId.toLowerCase()} ${user}`, user, load);
  }

  /** A workspace by id (what a token bound to one workspace checks it against). */
  workspace(id: string, load: () => Promise<Workspace | null>): Promise<Workspace | null> {
    return this.through('workspaces', `workspace ${id.toLowerCase()}`, '', load);
  }

  /** One workspace's flags, by key. */
  flags(workspaceId: string, load: () => Promise<Flag[]>): Promise<Flag[]> {
    const ws = workspaceId.toLowerCase();
    return this.through('flags', ws, ws, load) as Promise<Flag[]>;
  }

  /** One sealed secret of a set; only small values are kept. */
  secret(
    workspaceId: string,
    environmentId: string | null,
    key: string,
    load: () => Promise<Secret | null>,
  ): Promise<Secret | null> {
    const ws = workspaceId.toLowerCase();
    return this.through('secrets', `${ws} ${environmentId?.toLowerCase() ?? '-'} ${key}`, ws, load, (s) =>
      s ? s.sealed.ciphertext.length <= SECRET_VALUE_MAX : false,
    );
  }

  appUserSession(id: string, load: () => Promise<AppUserSession | null>): Promise<AppUserSession | null> {
    const key = id.toLowerCase();
    return this.through('app_user_sessions', key, key, load);
  }

  appUser(workspaceId: string, id: string, load: () => Promise<AppUser | null>): Promise<AppUser | null> {
    const ws = workspaceId.toLowerCase();
    return this.through('app_users', `${ws} ${id.toLowerCase()}`, ws, load);
  }

  signInConfig(workspaceId: string, load: () => Promise<SignInConfig | null>): Promise<SignInConfig | null> {
    const ws = workspaceId.toLowerCase();
    return this.through('sign_in_configs', ws, ws, load);
  }

  /**
   * A change to rows of `table`: `id` names the row (a session), the user
   * whose memberships changed, or the workspace whose rows changed (flags,
   * secrets, app users, sign-in configuration); absent, the whole table
   * changed.
   */
  changed(table: CachedTable, id?: string): void {
    this.generation += 1;
    if (table === 'workspaces' || table === 'organizations') {
      // They change rarely (admin actions), and one change may alter many users' access: all of it goes.
      this.tables[table].drop();
      return;
    }
    // Memberships are named by their user: a workspace access read holds one user's memberships only.
    this.tables[table].drop(id?.toLowerCase());
  }

  clear(): void {
    this.generation += 1;
    for (const entries of new Set(Object.values(this.tables))) entries.drop();
  }

  private async through<T>(
    table: CachedTable,
    key: string,
    group: string,
    load: () => Promise<T | null>,
    keep: (value: T | null) => boolean = (value) => value !== null,
  ): Promise<T | null> {
    if (!this.listening) return load();
    const entries = this.tables[table] as Entries<T>;
    const now = this.now();
    const hit = entries.get(key, now);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const value = await load();
    // Misses (404, an unknown session) are not kept: they are cheap to ask again and cannot go stale.
    if (value !== null && keep(value) && this.listening && generation === this.generation) {
      entries.set(key, { value: deepFreeze(value), expiresAt: now + this.ttlMs, group });
    }
    return value;
  }
}

/** Shared values must not be changed by whoever reads them: a mutation throws instead of leaking. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    if (value instanceof Date || ArrayBuffer.isView(value)) return value;
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
