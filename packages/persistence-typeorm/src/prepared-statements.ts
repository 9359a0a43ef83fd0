import { createHash } from 'node:crypto';
import pg from 'pg';

/** How many statement texts one process prepares at most, and after how many sightings. */
export interface PreparingOptions {
  /** Texts kept as named statements (each connection prepares its own copy); 200 by default. */
  readonly limit?: number;
  /** Sightings of a text before it is named; 2 by default, so one-off statements never are. */
  readonly after?: number;
  /** Called once if the database shows it cannot keep named statements (a pooler in transaction mode). */
  readonly onTurnedOff?: (reason: string) => void;
}

// Texts seen but not yet named are forgotten wholesale past this many: a
// text that varies (a batch of N rows, for every N) must not grow it forever.
const SIGHTINGS_KEPT = 2_000;

/**
 * Which statement texts go to the database as named (prepared) statements.
 *
 * PostgreSQL parses, analyses and plans an unnamed statement every time it
 * is sent; a named one is parsed and analysed once per connection, so
 * sending it again costs only its planning and execution (see
 * `PLAN_CACHE_MODE` for why plans are not kept too).
 * Only a text sent with parameters and seen more than once is named, and
 * only so many: the hot statements are a few dozen fixed texts, while
 * batches of varying size are a new text each and would fill the
 * connections' memory with plans used once.
 *
 * A text with `*` in it is never named: a prepared `SELECT *` or
 * `RETURNING *` fails once its table gains a column (PostgreSQL refuses to
 * change a kept plan's result type), which a rolling upgrade would do.
 */
export class StatementNames {
  private readonly limit: number;
  private readonly after: number;
  private readonly sightings = new Map<string, number>();
  private readonly names = new Map<string, string>();
  private readonly refused = new Set<string>();
  private off = false;

  constructor(private readonly options: PreparingOptions = {}) {
    this.limit = options.limit ?? 200;
    this.after = options.after ?? 2;
  }

  /** The name to send `text` under, or undefined to send it unnamed. */
  nameOf(text: string, parameterCount: number): string | undefined {
    if (this.off || parameterCount === 0) return undefined;
    const known = this.names.get(text);
    if (known !== undefined) return known;
    if (this.names.size >= this.limit || text.includes('*') || this.refused.has(text)) return undefined;
    const seen = (this.sightings.get(text) ?? 0) + 1;
    if (seen < this.after) {
      if (this.sightings.size >= SIGHTINGS_KEPT) this.sightings.clear();
      this.sightings.set(text, seen);
      return undefined;
    }
    this.sightings.delete(text);
    const name = `gf_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    this.names.set(text, name);
    return name;
  }

  /** Sends `text` unnamed from now on (its kept plan went stale). */
  refuse(text: string): void {
    this.names.delete(text);
    this.refused.add(text);
  }

  /** Sends every text unnamed from now on. */
  turnOff(reason: string): void {
    if (this.off) return;
    this.off = true;
    this.names.clear();
    this.sightings.clear();
    this.options.onTurnedOff?.(reason);
  }

  get preparing(): boolean {
    return !this.off;
  }
}

// PostgreSQL's answers that say a named statement cannot be used as it was kept.
const STALE_PLAN = '0A000'; // "cached plan must not change result type"
const NOT_PREPARED = '26000'; // invalid_sql_statement_name: the connection lost it
const ALREADY_PREPARED = '42P05'; // duplicate_prepared_statement: another client's

/**
 * Every execution planned for its own parameters. A kept generic plan is
 * made once, from the table as it was then: one made while `users` held a
 * row scanned the whole table for each lookup by email once creates had
 * grown it to thousands (a membership create went from about 160 µs of
 * PostgreSQL's CPU to 220 to 380), until an ANALYZE came by. Naming still
 * saves each statement's parse and analysis: about three fifths of what it
 * saved a sign-in with plans kept (docs/performance.md, "Named statements").
 */
export const PLAN_CACHE_MODE = 'force_custom_plan';

let clients = 0;
const nextClientPrefix = (): string => {
  clients += 1;
  return `c${clients}`;
};

/**
 * A `pg` Client class that sends what `names` names as named statements.
 * Each client puts its own number in the name: PGlite's clients share one
 * session, where two clients preparing one name would collide.
 */
export function preparingClient(names: StatementNames): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    private readonly prefix = nextClientPrefix();

    // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this one only reads its arguments.
    override query(config: any, values?: any, callback?: any): any {
      const name =
        typeof config === 'string' && Array.isArray(values) && typeof callback !== 'function'
          ? names.nameOf(config, values.length)
          : undefined;
      if (name === undefined) return super.query(config, values, callback);
      const text: string = config;
      return (super.query({ name: `${this.prefix}${name}`, text, values }) as Promise<pg.QueryResult>).catch(
        (error: { code?: string }) => {
          if (error.code === STALE_PLAN) names.refuse(text);
          else if (error.code === NOT_PREPARED || error.code === ALREADY_PREPARED)
            names.turnOff(
              'the database lost or shared a named statement; is a pooler in transaction mode between? ' +
                'Set DATABASE_PREPARED_STATEMENTS=false to send every statement unnamed.',
            );
          throw error;
        },
      );
    }
  } as typeof pg.Client;
}
