import { combined, renumbered, WriteBatch } from '../src/write-batch';

describe('a write batch as one statement', () => {
  it('shifts each statement’s parameters past the ones before it', () => {
    const batch = new WriteBatch();
    batch.record('INSERT INTO a (x, y) VALUES ($1, $2)', [1, 2]);
    batch.record('UPDATE b SET x = $1 WHERE id = $2 AND z = $1', ['p', 'q']);
    expect(combined(batch.recorded)).toEqual({
      sql: 'WITH w0 AS (INSERT INTO a (x, y) VALUES ($1, $2)), w1 AS (UPDATE b SET x = $3 WHERE id = $4 AND z = $3) SELECT 1',
      parameters: [1, 2, 'p', 'q'],
    });
  });

  it('sends a single write as it is, and nothing for no writes', () => {
    const batch = new WriteBatch();
    expect(combined(batch.recorded)).toBeNull();
    batch.record('DELETE FROM a WHERE id = $1', ['x']);
    expect(combined(batch.recorded)).toEqual({ sql: 'DELETE FROM a WHERE id = $1', parameters: ['x'] });
  });

  it('leaves quoted text and identifiers alone', () => {
    expect(renumbered(`UPDATE "t$1" SET s = 'cost $1 isn''t $2' WHERE id = $1`, 3)).toBe(
      `UPDATE "t$1" SET s = 'cost $1 isn''t $2' WHERE id = $4`,
    );
    expect(renumbered(`INSERT INTO "it's" ("a$2") VALUES ($1, $10, '"$3"')`, 2)).toBe(
      `INSERT INTO "it's" ("a$2") VALUES ($3, $12, '"$3"')`,
    );
  });

  it('refuses what it cannot renumber safely, and any read', () => {
    expect(() => renumbered('INSERT INTO a VALUES ($$x$$, $1)', 1)).toThrow(/dollar-quoted/);
    const batch = new WriteBatch();
    expect(() => batch.record('SELECT * FROM a WHERE id = $1', ['x'])).toThrow(/only writes/);
    expect(() => batch.record('WITH x AS (SELECT 1) INSERT INTO a SELECT * FROM x', [])).toThrow(
      /only writes/,
    );
  });
});

describe('batches that may share a statement', () => {
  it('are those of INSERTs only, ON CONFLICT included; an UPDATE or DELETE keeps a batch to itself', () => {
    const inserts = new WriteBatch();
    inserts.record('INSERT INTO a (x) VALUES ($1)', [1]);
    inserts.record('  insert into b (y) VALUES ($1) ON CONFLICT (y) DO UPDATE SET y = excluded.y', [2]);
    expect(inserts.insertsOnly()).toBe(true);
    const withUpdate = new WriteBatch();
    withUpdate.record('INSERT INTO a (x) VALUES ($1)', [1]);
    withUpdate.record('UPDATE a SET x = $1', [2]);
    expect(withUpdate.insertsOnly()).toBe(false);
    const withDelete = new WriteBatch();
    withDelete.record('DELETE FROM a WHERE x = $1', [1]);
    expect(withDelete.insertsOnly()).toBe(false);
  });

  it('combine into one statement with every parameter in its place', () => {
    const first = new WriteBatch();
    first.record('INSERT INTO a (x, y) VALUES ($1, $2)', [1, 2]);
    const second = new WriteBatch();
    second.record('INSERT INTO c (x) SELECT $1 WHERE $2', [3, 4]);
    second.record('INSERT INTO b (z) VALUES ($1)', [5]);
    expect(combined([...first.recorded, ...second.recorded])).toEqual({
      sql: 'WITH w0 AS (INSERT INTO a (x, y) VALUES ($1, $2)), w1 AS (INSERT INTO c (x) SELECT $3 WHERE $4), w2 AS (INSERT INTO b (z) VALUES ($5)) SELECT 1',
      parameters: [1, 2, 3, 4, 5],
    });
  });

  it('put one-row INSERTs of one text together as one INSERT of all their rows, where the first was', () => {
    const upsert =
      'INSERT INTO "a" ("x", "y") VALUES ($1, $2) ON CONFLICT ("x") DO UPDATE SET "y" = EXCLUDED."y"';
    const statements = [
      { sql: upsert, parameters: [1, 'one'] },
      { sql: 'INSERT INTO "b" ("z") VALUES ($1)', parameters: [['an', 'array']] },
      { sql: 'INSERT INTO "c" ("x") SELECT $1 WHERE $2', parameters: [3, true] },
      { sql: upsert, parameters: [2, 'two'] },
      { sql: 'INSERT INTO "b" ("z") VALUES ($1)', parameters: [['another']] },
      { sql: upsert, parameters: [3, 'three'] },
    ];
    expect(combined(statements)).toEqual({
      sql:
        'WITH w0 AS (INSERT INTO "a" ("x", "y") VALUES ($1, $2), ($3, $4), ($5, $6) ON CONFLICT ("x") DO UPDATE SET "y" = EXCLUDED."y"), ' +
        'w1 AS (INSERT INTO "b" ("z") VALUES ($7), ($8)), ' +
        'w2 AS (INSERT INTO "c" ("x") SELECT $9 WHERE $10) SELECT 1',
      parameters: [1, 'one', 2, 'two', 3, 'three', ['an', 'array'], ['another'], 3, true],
    });
  });

  it('send rows of one text alone as a plain multi-row INSERT', () => {
    const sql = 'INSERT INTO "outbox" ("id", "to") VALUES ($1, $2) ON CONFLICT ("id") DO NOTHING';
    expect(
      combined([
        { sql, parameters: ['a', 'x@example.test'] },
        { sql, parameters: ['b', 'y@example.test'] },
      ]),
    ).toEqual({
      sql: 'INSERT INTO "outbox" ("id", "to") VALUES ($1, $2), ($3, $4) ON CONFLICT ("id") DO NOTHING',
      parameters: ['a', 'x@example.test', 'b', 'y@example.test'],
    });
  });

  it('leave apart INSERTs that are not one plain row: a default, a constant, parameters out of order, RETURNING', () => {
    for (const sql of [
      'INSERT INTO "a" ("x", "y") VALUES ($1, DEFAULT)',
      'INSERT INTO "a" ("x", "y") VALUES ($1, \'k\')',
      'INSERT INTO "a" ("x", "y") VALUES ($2, $1)',
      'INSERT INTO "a" ("x") VALUES ($1) RETURNING "x"',
      'INSERT INTO "a" ("x") VALUES ($1) ON CONFLICT ("x") DO UPDATE SET "y" = $1',
    ]) {
      const parameters = sql.includes('$2') ? [1, 2] : [1];
      const twice = combined([
        { sql, parameters },
        { sql, parameters },
      ]);
      expect(twice?.sql.startsWith('WITH w0 AS (')).toBe(true);
      expect(twice?.sql).toContain('w1 AS (');
    }
  });
});
