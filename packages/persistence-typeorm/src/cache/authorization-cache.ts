import type { Flag, Session, WorkspaceAccessRead } from '@groundfloor/domain';

/** The tables whose rows the cache holds; what a change notification names. */
export type CachedTable = 'sessions' | 'memberships' | 'workspaces' | 'organizations' | 'flags';

export interface AuthorizationCacheOptions {
  /** Entries per map; the oldest is dropped first. */
  readonly maxEntries?: number;
  /** How long an entry may serve, whatever notifications say: a bound should one ever be lost. */
  readonly ttlMs?: number;
  readonly now?: () => number;
}

interface Entry<T> {
  readonly value: T;
  readonly expiresAt: number;
}

/**
 * The reads that authorize nearly every request, kept in memory: a session
 * by id, and a workspace with its organization and one user's memberships;
 * and each workspace's flags, which every app polls (`flags/runtime`).
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
  private readonly sessions = new Map<string, Entry<Session>>();
  private readonly access = new Map<string, Entry<WorkspaceAccessRead>>();
  private readonly flagSets = new Map<string, Entry<Flag[]>>();
  private generation = 0;
  private listening = false;
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: AuthorizationCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 10_000;
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
    return this.through(this.sessions, id, load);
  }

  workspaceAccess(
    workspaceId: string,
    userId: string,
    load: () => Promise<WorkspaceAccessRead | null>,
  ): Promise<WorkspaceAccessRead | null> {
    return this.through(this.access, `${workspaceId.toLowerCase()} ${userId.toLowerCase()}`, load);
  }

  /** One workspace's flags, by key. */
  flags(workspaceId: string, load: () => Promise<Flag[]>): Promise<Flag[]> {
    return this.through(this.flagSets, workspaceId, load) as Promise<Flag[]>;
  }

  /**
   * A change to a row of `table`: `id` names the row (a session) or, for
   * flags, the workspace whose flags changed; absent, the whole table changed.
   */
  changed(table: CachedTable, id?: string): void {
    this.generation += 1;
    if (table === 'sessions' || table === 'flags') {
      const map = table === 'sessions' ? this.sessions : this.flagSets;
      if (id === undefined) map.clear();
      else map.delete(id.toLowerCase());
    } else {
      // Memberships, workspaces and organizations change rarely (admin
      // actions), and one change may alter many users' access: all of it goes.
      this.access.clear();
    }
  }

  clear(): void {
    this.generation += 1;
    this.sessions.clear();
    this.access.clear();
    this.flagSets.clear();
  }

  private async through<T>(
    map: Map<string, Entry<T>>,
    rawKey: string,
    load: () => Promise<T | null>,
  ): Promise<T | null> {
    if (!this.listening) return load();
    const key = rawKey.toLowerCase();
    const now = this.now();
    const hit = map.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (hit) map.delete(key);
    const generation = this.generation;
    const value = await load();
    // Misses (404, an unknown session) are not kept: they are cheap to ask again and cannot go stale.
    if (value !== null && this.listening && generation === this.generation) {
      if (map.size >= this.maxEntries) {
        const oldest = map.keys().next();
        if (!oldest.done) map.delete(oldest.value);
      }
      map.set(key, { value: deepFreeze(value), expiresAt: now + this.ttlMs });
    }
    return value;
  }
}

/** Shared values must not be changed by whoever reads them: a mutation throws instead of leaking. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    if (value instanceof Date) return value;
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
