import { type EntityManager, type EntityMetadata, type EntitySchema, In, type ObjectLiteral } from 'typeorm';
import { applyAsOne, WriteBatch } from '../write-batch';

type ColumnMetadata = EntityMetadata['columns'][number];

/**
 * Rows written, and found by equal columns, with SQL built once per table,
 * not per call. TypeORM's `insert`, `upsert` and `findOne` build their
 * statement on every call (about 50 µs each here); a membership create
 * writes five rows and looks a user up by email, so the hot writes (users,
 * memberships, password links, audit events, the mail outbox) and that
 * lookup use these. Values still go through the driver's own conversion of
 * each column (skipped only for the types it returns unchanged, `AS_IS`),
 * so a row reads and writes exactly as TypeORM would.
 *
 * The sign-in's writes (the user's last sign-in time, the session, its
 * refresh token) go through these too.
 *
 * A table this cannot handle the same way (a generated, created-at,
 * updated-at, version, relation or virtual column), or a record with a value
 * left undefined (TypeORM writes DEFAULT there), goes through TypeORM.
 */
export function insertRow<T extends ObjectLiteral>(
  manager: EntityManager,
  schema: EntitySchema<T>,
  record: T,
): Promise<unknown> {
  return write(manager, schema, record, null);
}

/** `INSERT … ON CONFLICT (<conflict>) DO UPDATE` every other column, as `manager.upsert` does. */
export function upsertRow<T extends ObjectLiteral>(
  manager: EntityManager,
  schema: EntitySchema<T>,
  record: T,
  conflict: readonly (keyof T & string)[],
): Promise<unknown> {
  return write(manager, schema, record, conflict);
}

/**
 * Every record as one statement on `manager`: built as one-row INSERTs (or
 * upserts on `conflict`) and sent as one INSERT of all their rows (see
 * `combined` in write-batch.ts). For writes many requests make at once.
 */
export async function writeRowsAsOne<T extends ObjectLiteral>(
  manager: EntityManager,
  schema: EntitySchema<T>,
  records: readonly T[],
  conflict: readonly (keyof T & string)[] | null = null,
): Promise<void> {
  const batch = new WriteBatch();
  const recording = batch.manager(manager.connection);
  for (const record of records) await write(recording, schema, record, conflict);
  await applyAsOne(manager, batch.recorded);
}

/**
 * `UPDATE … SET <changes> WHERE <primary key> = id`, as
 * `manager.update(schema, { <primary>: id }, changes)` would write it.
 */
export function updateById<T extends ObjectLiteral>(
  manager: EntityManager,
  schema: EntitySchema<T>,
  id: unknown,
  changes: Partial<T>,
): Promise<unknown> {
  const metadata = manager.connection.getMetadata(schema);
  const keys = Object.keys(changes) as (keyof T & string)[];
  const columns = keys.map((key) => metadata.findColumnWithPropertyPath(key));
  const [primary, ...more] = metadata.primaryColumns;
  const sql = statement(metadata, `update:${keys.join(',')}`, () => {
    if (!primary || more.length > 0 || keys.length === 0 || !columns.every(Boolean)) return null;
    const assignments = columns.map(
      (c, i) => `${quote(manager, (c as ColumnMetadata).databaseName)} = $${i + 2}`,
    );
    return `UPDATE ${quote(manager, metadata.tablePath)} SET ${assignments.join(', ')} WHERE ${quote(manager, primary.databaseName)} = $1`;
  });
  if (!sql || !primary || keys.some((key) => changes[key] === undefined)) {
    const where = { [primary?.propertyPath ?? 'id']: id } as Parameters<EntityManager['update']>[1];
    return manager.update(schema, where, changes as Parameters<EntityManager['update']>[2]);
  }
  const driver = manager.connection.driver;
  return manager.query(sql, [
    persistent(driver, id, primary),
    ...columns.map((c, i) => persistent(driver, changes[keys[i] as keyof T], c as ColumnMetadata)),
  ]);
}

/**
 * The one row whose columns equal `where` (the first, if several do), as
 * `findOne({ where })` would hydrate it.
 */
export async function findRow<T extends ObjectLiteral>(
  manager: EntityManager,
  schema: EntitySchema<T>,
  where: Partial<Record<keyof T & string, unknown>>,
): Promise<T | null> {
  const metadata = manager.connection.getMetadata(schema);
  const keys = Object.keys(where);
  const columns = keys.map((key) => metadata.findColumnWithPropertyPath(key));
  const sql = statement(metadata, `select:${keys.join(',')}`, () => {
    if (keys.length === 0 || !columns.every(Boolean) || !metadata.columns.every((c) => c.isSelect))
      return null;
    const conditions = columns.map(
      (c, i) => `${quote(manager, (c as ColumnMetadata).databaseName)} = $${i + 1}`,
    );
    return `SELECT ${columnList(manager, metadata)} FROM ${quote(manager, metadata.tablePath)} WHERE ${conditions.join(' AND ')} LIMIT 1`;
  });
  if (!sql) {
    return manager.findOne(schema, { where } as Parameters<EntityManager['findOne']>[1]) as Promise<T | null>;
  }
  const driver = manager.connection.driver;
  const parameters = columns.map((c, i) =>
    persistent(driver, where[keys[i] as keyof T & string], c as ColumnMetadata),
  );
  const [row] = (await manager.query(sql, parameters)) as Record<string, unknown>[];
  return row ? hydrated(metadata, driver, row) : null;
}

/**
 * The rows whose `key` is one of `values` (each value once), as
 * `find({ where: { [key]: In(values) } })` would hydrate them, in no
 * particular order. One statement text per count of values.
 */
export async function findRowsIn<T extends ObjectLiteral>(
  manager: EntityManager,
  schema: EntitySchema<T>,
  key: keyof T & string,
  values: readonly unknown[],
): Promise<T[]> {
  if (values.length === 0) return [];
  const metadata = manager.connection.getMetadata(schema);
  const column = metadata.findColumnWithPropertyPath(key);
  const sql = statement(metadata, `select-in:${key}:${values.length}`, () => {
    if (!column || !metadata.columns.every((c) => c.isSelect)) return null;
    const list = values.map((_, i) => `$${i + 1}`).join(', ');
    return `SELECT ${columnList(manager, metadata)} FROM ${quote(manager, metadata.tablePath)} WHERE ${quote(manager, column.databaseName)} IN (${list})`;
  });
  if (!sql || !column) {
    return manager.find(schema, { where: { [key]: In([...values]) } } as Parameters<
      EntityManager['find']
    >[1]) as Promise<T[]>;
  }
  const driver = manager.connection.driver;
  const rows = (await manager.query(
    sql,
    values.map((value) => persistent(driver, value, column)),
  )) as Record<string, unknown>[];
  return rows.map((row) => hydrated(metadata, driver, row));
}

function hydrated<T extends ObjectLiteral>(
  metadata: EntityMetadata,
  driver: EntityManager['connection']['driver'],
  row: Record<string, unknown>,
): T {
  const record = {} as T;
  for (const column of metadata.columns) {
    column.setEntityValue(record, driver.prepareHydratedValue(row[column.databaseName], column));
  }
  return record;
}

async function write<T extends ObjectLiteral>(
  manager: EntityManager,
  schema: EntitySchema<T>,
  record: T,
  conflict: readonly (keyof T & string)[] | null,
): Promise<unknown> {
  const metadata = manager.connection.getMetadata(schema);
  const sql = statement(metadata, `write:${conflict?.join(',') ?? ''}`, () =>
    insertStatement(manager, metadata, conflict),
  );
  const values = sql ? metadata.columns.map((c) => c.getEntityValue(record)) : [];
  if (!sql || values.includes(undefined)) {
    return conflict ? manager.upsert(schema, record, [...conflict]) : manager.insert(schema, record);
  }
  const driver = manager.connection.driver;
  return manager.query(
    sql,
    values.map((value, i) => persistent(driver, value, metadata.columns[i] as ColumnMetadata)),
  );
}

/**
 * Column types whose values the PostgreSQL driver's `preparePersistentValue`
 * hands back unchanged (no branch of it names them). Skipping the call for
 * them matters: it builds a new array for every such column it converts,
 * about 10 KB of garbage per membership create.
 */
export const AS_IS: ReadonlySet<unknown> = new Set<unknown>([
  'text',
  'uuid',
  'boolean',
  'integer',
  'bigint',
  'bytea',
]);

/** A value as the driver would send it for `column` (see AS_IS). */
function persistent(
  driver: EntityManager['connection']['driver'],
  value: unknown,
  column: ColumnMetadata,
): unknown {
  if (!column.transformer && !column.isArray && AS_IS.has(column.type)) return value;
  return driver.preparePersistentValue(value, column);
}

function insertStatement(
  manager: EntityManager,
  metadata: EntityMetadata,
  conflict: readonly string[] | null,
): string | null {
  const targets = (conflict ?? []).map((path) => metadata.findColumnWithPropertyPath(path));
  if (!targets.every(Boolean)) return null;
  const values = metadata.columns.map((_, i) => `$${i + 1}`).join(', ');
  const insert = `INSERT INTO ${quote(manager, metadata.tablePath)} (${columnList(manager, metadata)}) VALUES (${values})`;
  if (!conflict) return insert;
  const targetNames = new Set(targets.map((c) => (c as ColumnMetadata).databaseName));
  const updates = metadata.columns
    .filter((c) => !targetNames.has(c.databaseName))
    .map((c) => `${quote(manager, c.databaseName)} = EXCLUDED.${quote(manager, c.databaseName)}`);
  const target = [...targetNames].map((n) => quote(manager, n)).join(', ');
  return `${insert} ON CONFLICT (${target}) DO ${updates.length > 0 ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`;
}

/** Every statement built so far, per table and purpose; null where TypeORM must do it. */
const statements = new WeakMap<EntityMetadata, Map<string, string | null>>();

function statement(metadata: EntityMetadata, purpose: string, build: () => string | null): string | null {
  let built = statements.get(metadata);
  if (!built) {
    built = new Map();
    statements.set(metadata, built);
  }
  if (!built.has(purpose)) built.set(purpose, plain(metadata) ? build() : null);
  return built.get(purpose) ?? null;
}

/** Columns that are what they store: nothing the database or TypeORM fills in or derives. */
const plain = (metadata: EntityMetadata) =>
  metadata.columns.length > 0 &&
  metadata.columns.every(
    (c) =>
      c.isInsert &&
      !c.isGenerated &&
      !c.isVirtual &&
      !c.isCreateDate &&
      !c.isUpdateDate &&
      !c.isVersion &&
      !c.relationMetadata &&
      !c.embeddedMetadata,
  );

const quote = (manager: EntityManager, name: string) => manager.connection.driver.escape(name);

const columnList = (manager: EntityManager, metadata: EntityMetadata) =>
  metadata.columns.map((c) => quote(manager, c.databaseName)).join(', ');
