import pg from 'pg';
import type { DatabaseLogger } from '../database-logger';
import { type AuthorizationCache, CACHED_TABLES, type CachedTable } from './authorization-cache';

/** The channel the triggers of migrations 1767226450000 and 1767226550000 notify on. */
export const CHANGE_CHANNEL = 'gf_changes';

const TABLES: readonly string[] = CACHED_TABLES;

/** Applies one notification (`table` or `table:id`); anything else clears the cache, to be safe. */
export function applyChange(cache: AuthorizationCache, payload: string | undefined): void {
  const [table, id] = (payload ?? '').split(':', 2);
  if (table && TABLES.includes(table)) cache.changed(table as CachedTable, id || undefined);
  else cache.clear();
}

export interface ChangeFeed {
  close(): Promise<void>;
}

/**
 * Listens for change notifications on a connection of its own (a pooled one
 * could be handed back and lose its LISTEN). The cache serves only while the
 * connection is up; after a drop it reconnects, and serves again with an
 * empty cache, since what changed meanwhile was not heard.
 */
export function listenOnPostgres(
  databaseUrl: string,
  cache: AuthorizationCache,
  logger: DatabaseLogger,
): ChangeFeed {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delayMs = 250;

  const down = (reason: string) => {
    cache.setListening(false);
    const dropped = client;
    client = null;
    dropped?.removeAllListeners();
    dropped?.on('error', () => {});
    void dropped?.end().catch(() => {});
    if (closed) return;
    logger.warn({ reason, retry_in_ms: delayMs }, 'change notifications lost; authorization cache off');
    retry = setTimeout(connect, delayMs);
    retry.unref();
    delayMs = Math.min(delayMs * 2, 5000);
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 3000,
      keepAlive: true,
      application_name: 'groundfloor-control-changes',
    });
    client = next;
    next.on('error', (err) => down(err.name));
    next.on('end', () => {
      if (client === next) down('connection ended');
    });
    next.on('notification', (message) => applyChange(cache, message.payload));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (closed || client !== next) return;
      delayMs = 250;
      cache.setListening(true);
    } catch (err) {
      if (client === next) down((err as Error).name);
    }
  };

  void connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      cache.setListening(false);
      const last = client;
      client = null;
      last?.removeAllListeners();
      last?.on('error', () => {});
      await last?.end().catch(() => {});
    },
  };
}

/** What PGlite offers to listen with (its `listen` method). */
export type PgliteListen = (
  channel: string,
  callback: (payload: string) => void,
) => Promise<() => Promise<void>>;

/** On embedded PGlite (one process, one session), notifications come from the engine itself. */
export async function listenOnPglite(listen: PgliteListen, cache: AuthorizationCache): Promise<ChangeFeed> {
  const unlisten = await listen(CHANGE_CHANNEL, (payload) => applyChange(cache, payload));
  cache.setListening(true);
  return {
    close: async () => {
      cache.setListening(false);
      await unlisten().catch(() => {});
    },
  };
}
