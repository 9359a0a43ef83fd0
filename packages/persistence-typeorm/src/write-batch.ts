import { type DataSource, type EntityManager, QueryResult } from 'typeorm';
import { translatingConflicts } from './unique-violation';

export interface Statement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/** Only plain writes can be WITH items: a nested data-modifying WITH is not allowed there. */
const WRITE = /^\s*(INSERT|UPDATE|DELETE)\s/i;
const INSERT = /^\s*INSERT\s/i;

/**
 * The writes of one `UnitOfWork.batch`: the repositories run as usual, but on
 * a manager whose statements are recorded here instead of sent. They are then
 * sent as one statement, each write a data-modifying WITH item: PostgreSQL
 * runs every item to completion on the statement's one snapshot, checks
 * foreign keys at its end, and keeps all of it or none. One round trip and no
 * BEGIN/COMMIT, where a transaction of the same writes takes one per write.
 */
export class WriteBatch {
  private readonly statements: Statement[] = [];

  /** A manager whose statements land in this batch; it never takes a connection. */
  manager(dataSource: DataSource): EntityManager {
    const runner = dataSource.createQueryRunner();
    const refuse = (what: string) => () => Promise.reject(new Error(`a write batch cannot ${what}`));
    runner.connect = refuse('hold a connection');
    runner.startTransaction = refuse('start a transaction');
    runner.query = (async (sql: string, parameters?: unknown[], structured?: boolean) => {
      this.record(sql, parameters ?? []);
      // Nothing has run yet: no rows back, nothing affected.
      const result = new QueryResult();
      result.raw = [];
      result.records = [];
      result.affected = 0;
      return structured ? result : [];
    }) as typeof runner.query;
    return dataSource.createEntityManager(runner);
  }

  record(sql: string, parameters: readonly unknown[]): void {
    if (!WRITE.test(sql)) {
      throw new Error(`a write batch cannot run ${sql.trim().split(/\s/, 1)[0]}: only writes, no reads`);
    }
    this.statements.push({ sql, parameters });
  }

  /** What the repositories wrote, in order. */
  get recorded(): readonly Statement[] {
    return this.statements;
  }

  /**
   * Whether every write is an INSERT (`ON CONFLICT` included). Such batches
   * may share one statement with other requests' batches: two of them that
   * touch one row collide on its key, an error that sends each on its own,
   * where two UPDATEs of one row in one statement would silently keep one.
   */
  insertsOnly(): boolean {
    return this.statements.every((statement) => INSERT.test(statement.sql));
  }
}

/** Sends `statements` as one statement on `manager`; a unique violation is the usual `conflict`. */
export async function applyAsOne(manager: EntityManager, statements: readonly Statement[]): Promise<void> {
  const statement = combined(statements);
  if (statement) await translatingConflicts(manager.query(statement.sql, [...statement.parameters]));
}

/** `statements` as one: each a data-modifying WITH item, parameters renumbered. */
export function combined(statements: readonly Statement[]): Statement | null {
  if (statements.length <= 1) return statements[0] ?? null;
  const items: string[] = [];
  const parameters: unknown[] = [];
  for (const [index, statement] of statements.entries()) {
    items.push(`w${index} AS (${renumbered(statement.sql, parameters.length)})`);
    parameters.push(...statement.parameters);
  }
  return { sql: `WITH ${items.join(', ')} SELECT 1`, parameters };
}

/**
 * Quoted literals and identifiers (kept as they are), `$n` parameters, and
 * any other `$`. An unclosed quote runs to the end of the text.
 */
const TOKENS = /'(?:[^']|'')*(?:'|$)|"(?:[^"]|"")*(?:"|$)|\$(\d+)|\$/g;

/** A statement's text split around its parameters: text, parameter number, text, and so on. */
type Parts = readonly (string | number)[];

function partsOf(sql: string): Parts {
  const parts: (string | number)[] = [];
  let last = 0;
  for (const match of sql.matchAll(TOKENS)) {
    const [token, number] = match;
    if (number === undefined && token === '$')
      throw new Error('a write batch cannot renumber a statement with a dollar-quoted string');
    if (number === undefined) continue;
    parts.push(sql.slice(last, match.index), Number(number));
    last = match.index + token.length;
  }
  parts.push(sql.slice(last));
  return parts;
}

/**
 * The parts of the statements seen lately. The writes that share statements
 * are a few dozen texts built by the repositories, renumbered thousands of
 * times a second: each is split once. Bounded, since a text holding a
 * varying number of rows is a new text each time.
 */
const PARTS = new Map<string, Parts>();
const MAX_PARTS = 500;

/**
 * `$n` becomes `$(n + offset)`, outside quoted literals and identifiers. A
 * dollar-quoted string would make `$` ambiguous; no write we build has one.
 */
export function renumbered(sql: string, offset: number): string {
  if (offset === 0) return sql;
  let parts = PARTS.get(sql);
  if (!parts) {
    parts = partsOf(sql);
    if (PARTS.size >= MAX_PARTS) PARTS.clear();
    PARTS.set(sql, parts);
  }
  let out = '';
  for (const part of parts) out += typeof part === 'number' ? `$${part + offset}` : part;
  return out;
}
