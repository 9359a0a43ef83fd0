import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Organization, User } from '@groundfloor/domain';
import { type Database, MIGRATIONS, openDatabase, runMigrations } from '@groundfloor/persistence-typeorm';

const user: User = {
  id: '0b0e9f0c-8d3a-4f43-9d6c-1c1f3c7a0001',
  email: 'ada@example.test',
  displayName: 'Ada',
  passwordHash: null,
  passwordChangeRequired: false,
  emailVerified: false,
  passwordSetByOrganizationId: null,
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
  lastLoginAt: null,
  welcomeEmailSentAt: null,
  idpRealm: null,
};
const organization = (id: string): Organization => ({
  id,
  name: 'Acme',
  planTier: 'free',
  status: 'active',
  limitOverrides: {},
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
});

describe('embedded PGlite on disk', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gf-pglite-'));
  let database: Database | undefined;
  const db = () => {
    if (!database) throw new Error('not open');
    return database;
  };

  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates once into <dataDir>/pglite and keeps rows across reopening', async () => {
    expect(await runMigrations({ dataDir })).toEqual(MIGRATIONS.map((M) => new M().name));
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true);

    const first = await openDatabase({ dataDir });
    expect(first.kind).toBe('pglite');
    expect(first.appliedMigrations).toEqual([]);
    await first.uow.transaction((tx) => tx.users.save(user));
    await first.close();

    database = await openDatabase({ dataDir });
    expect(await db().uow.read.users.findById(user.id)).toEqual(user);
  });

  it('answers pings while open', async () => {
    await expect(db().ping()).resolves.toBeUndefined();
  });

  it('turns a unique violation into a conflict naming what is duplicated', async () => {
    const copy = { ...user, id: '0b0e9f0c-8d3a-4f43-9d6c-1c1f3c7a0002', email: 'ADA@example.test' };
    await expect(db().uow.transaction((tx) => tx.users.save(copy))).rejects.toMatchObject({
      kind: 'conflict',
      code: 'duplicate',
      detail: 'a user with this email already exists',
    });
  });

  it('runs a plain read after an open transaction ends, never inside it', async () => {
    const org = organization('0b0e9f0c-8d3a-4f43-9d6c-1c1f3c7a0003');
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written = () => {};
    const wrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    const transaction = db().uow.transaction(async (tx) => {
      await tx.organizations.save(org);
      written();
      await gate;
    });
    await wrote;
    let settled = false;
    const read = db().uow.read.organizations.findById(org.id);
    void read.then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    release();
    await transaction;
    expect(await read).toEqual(org);
  });

  it('lets calls made from inside a transaction join it instead of waiting for it forever', async () => {
    const org = organization('0b0e9f0c-8d3a-4f43-9d6c-1c1f3c7a0004');
    const failure = new Error('undo');
    await expect(
      db().uow.transaction(async (tx) => {
        await tx.organizations.save(org);
        expect(await db().uow.read.organizations.findById(org.id)).toEqual(org);
        await db().rateLimiter.hit({ key: 'nested', limit: 5, windowSeconds: 60 });
        await db().uow.transaction((inner) => inner.users.findById(user.id));
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await db().uow.read.organizations.findById(org.id)).toBeNull();
  });

  it('closes once, however often it is asked', async () => {
    await db().close();
    await db().close();
    await expect(db().ping()).rejects.toThrow();
  });
});
