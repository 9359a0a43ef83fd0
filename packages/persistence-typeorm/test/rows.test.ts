import { randomUUID } from 'node:crypto';
import { type Database, openDatabase } from '@groundfloor/persistence-typeorm';
import { In } from 'typeorm';
import { AS_IS, findRow, findRowsIn, insertRow, updateById, upsertRow } from '../src/repositories/rows';
import { AuditEventSchema } from '../src/schemas/audit-event.schema';
import { MembershipSchema } from '../src/schemas/membership.schema';
import { UserSchema } from '../src/schemas/user.schema';
import { combined, WriteBatch } from '../src/write-batch';

const aUserRecord = () => {
  const id = randomUUID();
  return {
    id,
    email: `rows-${id}@example.test`,
    displayName: null,
    passwordHash: null,
    passwordChangeRequired: false,
    emailVerified: true,
    passwordSetByOrganizationId: null,
    createdAt: new Date('2026-01-01T00:00:00.123Z'),
    lastLoginAt: null,
    welcomeEmailSentAt: null,
    idpRealm: null,
  };
};

describe('rows written with SQL built once per table', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: ':memory:' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('inserts and upserts rows that read back as TypeORM wrote them', async () => {
    const manager = database.dataSource.manager;
    const record = aUserRecord();
    await upsertRow(manager, UserSchema, record, ['id']);
    expect(await manager.findOneBy(UserSchema, { id: record.id })).toEqual(record);
    const changed = { ...record, displayName: "O'Brien", lastLoginAt: new Date('2026-02-02T00:00:00.000Z') };
    await upsertRow(manager, UserSchema, changed, ['id']);
    expect(await manager.findOneBy(UserSchema, { id: record.id })).toEqual(changed);

    const event = {
      id: randomUUID(),
      action: 'rows.tested',
      actorKind: 'user',
      actorId: record.id,
      organizationId: null,
      workspaceId: null,
      targetType: 'thing',
      targetId: 'thing-1',
      details: { nested: { list: [1, 'two'] }, quote: "it's" },
      ip: '203.0.113.9',
      createdAt: new Date('2026-01-01T00:00:01.000Z'),
    };
    await insertRow(manager, AuditEventSchema, event);
    expect(await manager.findOneBy(AuditEventSchema, { id: event.id })).toEqual(event);
  });

  it('updates the named columns of one row by its key, and no other row or column', async () => {
    const manager = database.dataSource.manager;
    const record = aUserRecord();
    const other = aUserRecord();
    await insertRow(manager, UserSchema, record);
    await insertRow(manager, UserSchema, other);
    const at = new Date('2026-03-03T03:03:03.333Z');
    await updateById(manager, UserSchema, record.id, { lastLoginAt: at, displayName: 'Ada' });
    expect(await manager.findOneBy(UserSchema, { id: record.id })).toEqual({
      ...record,
      lastLoginAt: at,
      displayName: 'Ada',
    });
    expect(await manager.findOneBy(UserSchema, { id: other.id })).toEqual(other);
    // An undefined change is left to TypeORM, which skips that column, as before.
    await updateById(manager, UserSchema, record.id, { displayName: undefined, lastLoginAt: null });
    expect(await manager.findOneBy(UserSchema, { id: record.id })).toMatchObject({
      displayName: 'Ada',
      lastLoginAt: null,
    });
    // Built once, as a plain UPDATE that a write batch takes.
    const batch = new WriteBatch();
    await updateById(batch.manager(database.dataSource), UserSchema, record.id, { lastLoginAt: at });
    expect(batch.recorded).toEqual([
      { sql: 'UPDATE "users" SET "last_login_at" = $2 WHERE "id" = $1', parameters: [record.id, at] },
    ]);
  });

  it('sends values of the column types it passes as they are exactly as the driver would', () => {
    // rows.ts skips the driver's conversion for these types: it must be the identity for them.
    const driver = database.dataSource.driver;
    const samples = [
      'text',
      '',
      '0b3c9a4e-6d3f-4c8e-9c6b-2f1d1e7a9b10',
      0,
      42,
      9007199254740991,
      true,
      false,
    ];
    let checked = 0;
    for (const metadata of database.dataSource.entityMetadatas) {
      for (const column of metadata.columns) {
        if (column.transformer || column.isArray) continue;
        if (!AS_IS.has(column.type)) continue;
        for (const sample of [...samples, Buffer.from('bytes')]) {
          expect(driver.preparePersistentValue(sample, column)).toBe(sample);
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('builds one statement per table, updating every column but the conflict target', async () => {
    const batch = new WriteBatch();
    const manager = batch.manager(database.dataSource);
    const membership = {
      id: randomUUID(),
      userId: randomUUID(),
      scopeType: 'workspace',
      scopeId: randomUUID(),
      role: 'member',
      status: 'pending',
      createdAt: new Date(),
      expiresAt: null,
      invitedByUserId: null,
    };
    await upsertRow(manager, MembershipSchema, membership, ['id']);
    await upsertRow(manager, MembershipSchema, { ...membership, id: randomUUID() }, ['id']);
    const [first, second] = batch.recorded.map((statement) => statement.sql);
    expect(first).toMatch(
      /^INSERT INTO "memberships" \("id", "user_id", .*\) VALUES \(\$1, .*\$9\) ON CONFLICT \("id"\) DO UPDATE SET "user_id" = EXCLUDED\."user_id"/,
    );
    expect(first).not.toContain('"id" = EXCLUDED');
    expect(second).toBe(first);
    // Together, the two rows are one INSERT.
    const statement = combined(batch.recorded);
    expect(statement?.sql).toBe(
      first?.replace(
        '($1, $2, $3, $4, $5, $6, $7, $8, $9)',
        '($1, $2, $3, $4, $5, $6, $7, $8, $9), ($10, $11, $12, $13, $14, $15, $16, $17, $18)',
      ),
    );
    expect(statement?.parameters).toHaveLength(18);
  });

  it('leaves a record with an undefined value to TypeORM, which writes DEFAULT there', async () => {
    const batch = new WriteBatch();
    const manager = batch.manager(database.dataSource);
    const { lastLoginAt: _, ...partial } = aUserRecord();
    await upsertRow(manager, UserSchema, partial as ReturnType<typeof aUserRecord>, ['id']);
    expect(combined(batch.recorded)?.sql).toContain('DEFAULT');
  });

  it('finds a row by equal columns as findOne does, and null when none matches', async () => {
    const manager = database.dataSource.manager;
    const record = {
      ...aUserRecord(),
      displayName: 'Ada',
      lastLoginAt: new Date('2026-03-03T03:03:03.333Z'),
    };
    await manager.insert(UserSchema, record);
    const found = await findRow(manager, UserSchema, { email: record.email });
    expect(found).toEqual(await manager.findOne(UserSchema, { where: { email: record.email } }));
    expect(found).toEqual(record);
    expect(await findRow(manager, UserSchema, { email: 'nobody@example.test' })).toBeNull();
    expect(await findRow(manager, UserSchema, { id: record.id, email: record.email })).toEqual(record);
    expect(await findRow(manager, UserSchema, { id: record.id, email: 'other@example.test' })).toBeNull();
  });

  it('finds the rows whose column is one of several values as find with In does', async () => {
    const manager = database.dataSource.manager;
    const a = { ...aUserRecord(), displayName: 'A', lastLoginAt: new Date('2026-04-04T04:04:04.444Z') };
    const b = aUserRecord();
    await manager.insert(UserSchema, [a, b]);
    const emails = [a.email, 'nobody@example.test', b.email];
    const byId = (rows: { id: string }[]) => [...rows].sort((x, y) => x.id.localeCompare(y.id));
    const found = await findRowsIn(manager, UserSchema, 'email', emails);
    expect(byId(found)).toEqual(byId([a, b]));
    expect(byId(found)).toEqual(byId(await manager.find(UserSchema, { where: { email: In(emails) } })));
    expect(await findRowsIn(manager, UserSchema, 'email', ['nobody@example.test'])).toEqual([]);
    expect(await findRowsIn(manager, UserSchema, 'email', [])).toEqual([]);
  });
});
