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

/**
 * `statements` as one: each a data-modifying WITH item, parameters
 * renumbered. One-row INSERTs of the same text (many requests' rows of one
 * table, when batches share a statement) become one multi-row INSERT first.
 */
export function combined(statements: readonly Statement[]): Statement | null {
  if (statements.length <= 1) return statements[0] ?? null;
  const items = rowsTogether(statements);
  const only = items.length === 1 ? items[0] : undefined;
  if (only) return 'rows' in only ? { sql: rowsSql(only, 0), parameters: only.rows.flat() } : only;
  const texts: string[] = [];
  const parameters: unknown[] = [];
  for (const [index, item] of items.entries()) {
    if ('rows' in item) {
      texts.push(`w${index} AS (${rowsSql(item, parameters.length)})`);
      for (const row of item.rows) parameters.push(...row);
    } else {
      texts.push(`w${index} AS (${renumbered(item.sql, parameters.length)})`);
      parameters.push(...item.parameters);
    }
  }
  return { sql: `WITH ${texts.join(', ')} SELECT 1`, parameters };
}

/**
 * A one-row INSERT: `INSERT INTO t (…) VALUES ($1, …, $k)`, its parameters in
 * order, then nothing or an `ON CONFLICT` clause without parameters (what
 * `insertRow` and `upsertRow` build).
 */
const ONE_ROW_INSERT = /^(INSERT INTO [^$']+ VALUES )\(((?:\$\d+, )*\$\d+)\)((?: ON CONFLICT [^$']*)?)$/s;

interface RowShape {
  readonly head: string;
  readonly width: number;
  readonly tail: string;
}

/** Rows of one one-row INSERT text (`sql`), to be sent as one INSERT. */
interface Rows extends RowShape {
  readonly sql: string;
  readonly rows: (readonly unknown[])[];
}

const SHAPES = new Map<string, RowShape | null>();

function rowShape(sql: string): RowShape | null {
  let shape = SHAPES.get(sql);
  if (shape === undefined) {
    const match = ONE_ROW_INSERT.exec(sql);
    const placeholders = match?.[2]?.split(', ') ?? [];
    const inOrder = placeholders.every((placeholder, i) => placeholder === `$${i + 1}`);
    shape =
      match && inOrder
        ? { head: match[1] as string, width: placeholders.length, tail: match[3] ?? '' }
        : null;
    if (SHAPES.size >= MAX_PARTS) SHAPES.clear();
    SHAPES.set(sql, shape);
  }
  return shape;
}

/** The INSERT of every row of `rows`, its parameters numbered from `offset + 1`. */
function rowsSql(rows: Rows, offset: number): string {
  let values = '';
  let n = offset;
  for (let row = 0; row < rows.rows.length; row++) {
    values += row === 0 ? '($' : ', ($';
    values += ++n;
    for (let column = 1; column < rows.width; column++) values += `, $${++n}`;
    values += ')';
  }
  return `${rows.head}${values}${rows.tail}`;
}

/**
 * One-row INSERTs of one text go as one INSERT of all their rows, where
 * their first one was; everything else stays as it is. PostgreSQL parses and
 * plans a row of a VALUES list for a fraction of what a statement of its own
 * costs (on a shared statement of ten membership creates, about 40% less of
 * the database's CPU per create). Nothing else changes: the items of one
 * statement already run on one snapshot, in no set order, with foreign keys
 * checked at its end, and two rows for one key fail as they did apart (a
 * unique violation, or a second ON CONFLICT update of one row).
 */
function rowsTogether(statements: readonly Statement[]): readonly (Statement | Rows)[] {
  const groups = new Map<string, Rows>();
  const items: (Statement | Rows)[] = [];
  for (const statement of statements) {
    const shape = rowShape(statement.sql);
    if (!shape) {
      items.push(statement);
      continue;
    }
    const group = groups.get(statement.sql);
    if (group) group.rows.push(statement.parameters);
    else {
      const rows: Rows = { ...shape, sql: statement.sql, rows: [statement.parameters] };
      groups.set(statement.sql, rows);
      items.push(rows);
    }
  }
  // A row alone keeps its own text (renumbered as any other statement).
  return items.map((item) =>
    'rows' in item && item.rows.length === 1
      ? { sql: item.sql, parameters: item.rows[0] as readonly unknown[] }
      : item,
  );
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
