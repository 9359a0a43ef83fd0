import { randomUUID } from 'node:crypto';
import type { Secret, Session } from '@groundfloor/domain';
import {
  createThrowawayDatabase,
  type Database,
  openDatabase,
  type ThrowawayDatabase,
} from '@groundfloor/persistence-typeorm';
import { AuthorizationCache } from '../src/cache/authorization-cache';

const session = (id: string, revokedAt: Date | null = null): Session => ({
  id,
  userId: randomUUID(),
  createdAt: new Date(),
  revokedAt,
  passwordChangeRequired: false,
});

const secret = (workspaceId: string, key: string, ciphertext = 'c'): Secret => ({
  id: randomUUID(),
  workspaceId,
  environmentId: null,
  key,
  description: null,
  sealed: { keyId: 'k', wrappedKey: 'w', iv: 'i', ciphertext, tag: 't' },
  createdAt: new Date(),
  updatedAt: new Date(),
});

describe('the authorization cache', () => {
  it('serves nothing until it hears change notifications', async () => {
    const cache = new AuthorizationCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return session('a');
    };
    await cache.session('a', load);
    await cache.session('a', load);
    expect(loads).toBe(2);
    cache.setListening(true);
    await cache.session('a', load);
    await cache.session('A', load);
    expect(loads).toBe(3);
  });

  it('forgets a changed session, and everything when the channel drops', async () => {
    const cache = new AuthorizationCache();
    cache.setListening(true);
    let revoked: Date | null = null;
    const load = async () => session('a', revoked);
    expect((await cache.session('a', load))?.revokedAt).toBeNull();
    revoked = new Date();
    expect((await cache.session('a', load))?.revokedAt).toBeNull();
    cache.changed('sessions', 'a');
    expect((await cache.session('a', load))?.revokedAt).toEqual(revoked);
    revoked = null;
    cache.setListening(false);
    cache.setListening(true);
    expect((await cache.session('a', load))?.revokedAt).toBeNull();
  });

  it('does not keep a read that a change overtook', async () => {
    const cache = new AuthorizationCache();
    cache.setListening(true);
    let release: () => void = () => {};
    const stale = cache.session(
      'a',
      () =>
        new Promise<Session>((resolve) => {
          release = () => resolve(session('a'));
        }),
    );
    cache.changed('sessions', 'b'); // any change while the read is in flight
    release();
    await stale;
    const fresh = session('a', new Date());
    expect(await cache.session('a', async () => fresh)).toBe(fresh);
  });

  it('keeps entries no longer than its bound, and hands out values nobody can change', async () => {
    let now = 0;
    const cache = new AuthorizationCache({ ttlMs: 1000, now: () => now });
    cache.setListening(true);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return session('a');
    };
    const first = await cache.session('a', load);
    expect(() => {
      (first as { revokedAt: Date | null }).revokedAt = new Date();
    }).toThrow(TypeError);
    now = 999;
    await cache.session('a', load);
    now = 1000;
    await cache.session('a', load);
    expect(loads).toBe(2);
  });

  it('drops every workspace access read on a workspace or organization change, or any membership change', async () => {
    const cache = new AuthorizationCache();
    cache.setListening(true);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { workspace: {}, organization: {}, memberships: [] } as never;
    };
    for (const table of ['memberships', 'workspaces', 'organizations'] as const) {
      await cache.workspaceAccess('w', 'u', load);
      await cache.workspaceAccess('w', 'u', load);
      cache.changed(table);
    }
    expect(loads).toBe(3);
  });

  it('drops only the named user’s access reads on a change to that user’s memberships', async () => {
    const cache = new AuthorizationCache();
    cache.setListening(true);
    const loads: string[] = [];
    const load = (who: string) => async () => {
      loads.push(who);
      return { workspace: {}, organization: {}, memberships: [] } as never;
    };
    const readAll = async () => {
      await cache.workspaceAccess('w1', 'admin', load('admin w1'));
      await cache.workspaceAccess('w2', 'admin', load('admin w2'));
      await cache.workspaceAccess('w1', 'member', load('member w1'));
      await cache.workspace('w1', load('workspace w1'));
    };
    await readAll();
    cache.changed('memberships', 'MEMBER');
    await readAll();
    cache.changed('memberships', 'admin');
    await cache.workspaceAccess('w2', 'admin', load('admin w2'));
    expect(loads).toEqual(['admin w1', 'admin w2', 'member w1', 'workspace w1', 'member w1', 'admin w2']);
  });

  it('keeps each workspace’s flags until a change names that workspace', async () => {
    const cache = new AuthorizationCache();
    cache.setListening(true);
    const loads: string[] = [];
    const load = (workspaceId: string) => async () => {
      loads.push(workspaceId);
      return [];
    };
    await cache.flags('w1', load('w1'));
    await cache.flags('W1', load('w1'));
    await cache.flags('w2', load('w2'));
    cache.changed('flags', 'w1');
    await cache.flags('w1', load('w1'));
    await cache.flags('w2', load('w2'));
    cache.changed('flags');
    await cache.flags('w2', load('w2'));
    expect(loads).toEqual(['w1', 'w2', 'w1', 'w2']);
  });

  it('keeps secrets by their exact key until a change names their workspace, and no large value', async () => {
    const cache = new AuthorizationCache();
    cache.setListening(true);
    const loads: string[] = [];
    const load = (workspaceId: string, key: string, ciphertext?: string) => async () => {
      loads.push(`${workspaceId}/${key}`);
      return secret(workspaceId, key, ciphertext);
    };
    // Keys are case-sensitive: `token` and `TOKEN` are two secrets.
    expect((await cache.secret('w1', null, 'TOKEN', load('w1', 'TOKEN')))?.key).toBe('TOKEN');
    expect((await cache.secret('w1', null, 'token', load('w1', 'token')))?.key).toBe('token');
    expect((await cache.secret('W1', null, 'TOKEN', load('w1', 'TOKEN')))?.key).toBe('TOKEN');
    await cache.secret('w1', 'e1', 'TOKEN', load('w1', 'e1 TOKEN'));
    await cache.secret('w2', null, 'TOKEN', load('w2', 'TOKEN'));
    expect(loads).toEqual(['w1/TOKEN', 'w1/token', 'w1/e1 TOKEN', 'w2/TOKEN']);
    cache.changed('secrets', 'W1');
    await cache.secret('w1', null, 'TOKEN', load('w1', 'TOKEN'));
    await cache.secret('w2', null, 'TOKEN', load('w2', 'TOKEN'));
    expect(loads.slice(4)).toEqual(['w1/TOKEN']);
    const big = 'x'.repeat(10_000);
    await cache.secret('w2', null, 'BIG', load('w2', 'BIG', big));
    await cache.secret('w2', null, 'BIG', load('w2', 'BIG', big));
    expect(loads.slice(5)).toEqual(['w2/BIG', 'w2/BIG']);
  });

  it('keeps what checks an app user’s token: the session by id, the user and sign-in by workspace', async () => {
    const cache = new AuthorizationCache();
    cache.setListening(true);
    const loads: string[] = [];
    const loadAs =
      <T>(name: string, value: T) =>
      async () => {
        loads.push(name);
        return value;
      };
    const twice = async () => {
      for (let i = 0; i < 2; i++) {
        await cache.appUserSession('s1', loadAs('session', { id: 's1' } as never));
        await cache.appUser('w1', 'u1', loadAs('user', { id: 'u1' } as never));
        await cache.signInConfig('w1', loadAs('config', { workspaceId: 'w1' } as never));
      }
    };
    await twice();
    expect(loads).toEqual(['session', 'user', 'config']);
    cache.changed('app_user_sessions', 's2');
    cache.changed('app_users', 'w2');
    cache.changed('sign_in_configs', 'w2');
    await twice();
    expect(loads).toHaveLength(3);
    cache.changed('app_user_sessions', 's1');
    cache.changed('app_users', 'w1');
    cache.changed('sign_in_configs', 'w1');
    await twice();
    expect(loads).toEqual(['session', 'user', 'config', 'session', 'user', 'config']);
  });
});

/*
 * On a real database: a change written behind the process's back (another
 * replica, the CLI, hand-run SQL) reaches the cache through the triggers'
 * notifications.
 */
const postgres = process.env.TEST_DATABASE_URL;
const kinds: ('pglite' | 'postgres')[] = postgres ? ['pglite', 'postgres'] : ['pglite'];

describe.each(kinds)('change notifications on %s', (kind) => {
  let throwaway: ThrowawayDatabase | undefined;
  let database: Database;

  beforeAll(async () => {
    if (kind === 'postgres') throwaway = await createThrowawayDatabase(postgres as string);
    database = await openDatabase({ databaseUrl: throwaway?.url, dataDir: ':memory:', memory: true });
  });
  afterAll(async () => {
    await database?.close();
    await throwaway?.drop();
  });

  /** Polls until `check` holds; fails after `ms`. */
  async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('the change never reached the cache');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** A workspace (in an organization of its own) written by SQL, for rows that need one. */
  async function newWorkspace(organizationName: string): Promise<string> {
    const [org] = await database.dataSource.query(
      `INSERT INTO organizations (id, name, plan_tier, status, limit_overrides, created_at)
       VALUES (gen_random_uuid(), $1, 'free', 'active', '{}', now()) RETURNING id`,
      [organizationName],
    );
    const workspaceId = randomUUID();
    await database.dataSource.query(
      `INSERT INTO workspaces (id, organization_id, name, status, created_at) VALUES ($1, $2, 'W', 'active', now())`,
      [workspaceId, org.id],
    );
    return workspaceId;
  }

  it('hears a session revoked by SQL the process did not run', async () => {
    const userId = randomUUID();
    const id = randomUUID();
    await database.uow.transaction(async (tx) => {
      await tx.users.save({
        id: userId,
        email: `${userId}@example.test`,
        displayName: null,
        passwordHash: null,
        passwordChangeRequired: false,
        emailVerified: false,
        passwordSetByOrganizationId: null,
        createdAt: new Date(),
        lastLoginAt: null,
        welcomeEmailSentAt: null,
        idpRealm: null,
      });
      await tx.sessions.save({ ...session(id), userId });
    });
    // Served from the cache (which hands out frozen values) once the channel is up, not read afresh.
    await eventually(async () => Object.isFrozen(await database.uow.read.sessions.findById(id)));
    expect((await database.uow.read.sessions.findById(id))?.revokedAt).toBeNull();
    await database.dataSource.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [id]);
    await eventually(async () => (await database.uow.read.sessions.findById(id))?.revokedAt != null);
  });

  it('hears one user’s role changed by SQL, and keeps serving every other user’s access from memory', async () => {
    const workspaceId = await newWorkspace('Access');
    const [admin, member] = [randomUUID(), randomUUID()];
    for (const id of [admin, member]) {
      await database.dataSource.query(
        `INSERT INTO users (id, email, password_change_required, email_verified, created_at)
         VALUES ($1, $2, false, false, now())`,
        [id, `${id}@example.test`],
      );
      await database.dataSource.query(
        `INSERT INTO memberships (id, user_id, scope_type, scope_id, role, status, created_at)
         VALUES (gen_random_uuid(), $1, 'workspace', $2, 'admin', 'accepted', now())`,
        [id, workspaceId],
      );
    }
    const access = (userId: string) => database.uow.read.workspaces.findForAccess(workspaceId, userId);
    await eventually(
      async () => Object.isFrozen(await access(admin)) && Object.isFrozen(await access(member)),
    );
    const adminsBefore = await access(admin);
    await database.dataSource.query(`UPDATE memberships SET role = 'member' WHERE user_id = $1`, [member]);
    await eventually(async () => (await access(member))?.memberships[0]?.role === 'member');
    // The same frozen value: the admin's read was not dropped, so not read again.
    expect(await access(admin)).toBe(adminsBefore);
    await database.dataSource.query('DELETE FROM memberships WHERE user_id = $1', [admin]);
    await eventually(async () => (await access(admin))?.memberships.length === 0);
  });

  it('hears a flag changed by SQL the process did not run, and serves its own flag writes at once', async () => {
    const workspaceId = await newWorkspace('Flags');
    const flag = { workspaceId, key: 'checkout', value: true, updatedAt: new Date() };
    await database.uow.transaction((tx) => tx.flags.save(flag));
    await eventually(async () => Object.isFrozen(await database.uow.read.flags.listByWorkspace(workspaceId)));
    await database.dataSource.query(`UPDATE flags SET value_json = 'false' WHERE workspace_id = $1`, [
      workspaceId,
    ]);
    await eventually(
      async () => (await database.uow.read.flags.listByWorkspace(workspaceId))[0]?.value === false,
    );
    await database.uow.transaction((tx) => tx.flags.save({ ...flag, key: 'search', value: 1 }));
    expect((await database.uow.read.flags.listByWorkspace(workspaceId)).map((f) => f.key)).toEqual([
      'checkout',
      'search',
    ]);
    await database.uow.transaction((tx) => tx.flags.delete(workspaceId, 'search'));
    expect((await database.uow.read.flags.listByWorkspace(workspaceId)).map((f) => f.key)).toEqual([
      'checkout',
    ]);
  });

  it('hears a secret changed by SQL the process did not run, and serves its own secret writes at once', async () => {
    const workspaceId = await newWorkspace('Secrets');
    const stored = secret(workspaceId, 'API_KEY');
    await database.uow.transaction((tx) => tx.secrets.save(stored));
    const find = () => database.uow.read.secrets.find(workspaceId, null, 'API_KEY');
    await eventually(async () => Object.isFrozen(await find()));
    await database.dataSource.query(`UPDATE secrets SET description = 'by hand' WHERE id = $1`, [stored.id]);
    await eventually(async () => (await find())?.description === 'by hand');
    await database.uow.transaction((tx) => tx.secrets.save({ ...stored, description: 'by this process' }));
    expect((await find())?.description).toBe('by this process');
    await database.dataSource.query('DELETE FROM secrets WHERE id = $1', [stored.id]);
    await eventually(async () => (await find()) === null);
  });

  it('serves a session saved by this process fresh at once, with no wait for the notification', async () => {
    const [row] = await database.dataSource.query('SELECT id, user_id FROM sessions LIMIT 1');
    const id = row.id as string;
    const before = await database.uow.read.sessions.findById(id);
    await database.uow.transaction((tx) =>
      tx.sessions.save({ ...(before as Session), passwordChangeRequired: true }),
    );
    expect((await database.uow.read.sessions.findById(id))?.passwordChangeRequired).toBe(true);
  });
});
