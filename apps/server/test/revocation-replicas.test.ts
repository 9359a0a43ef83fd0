import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createThrowawayDatabase, type ThrowawayDatabase } from '@groundfloor/persistence-typeorm';

/*
 * Two server processes on one PostgreSQL database, each keeping the reads
 * that authorize requests in its own memory (docs/performance.md). What one
 * replica revokes, the other stops honouring: a logout, a removed
 * membership, a frozen workspace, and for app users a disabled user, a
 * revoked session and platform sign-in switched off. Each case warms the second replica's cache
 * first, so the test fails if the change does not reach it; the time it took
 * is printed, and the bound the test waits is generous on purpose (it proves
 * the change arrives, docs/performance.md gives the measured delay).
 */
const postgres = process.env.TEST_DATABASE_URL;
const maybe = postgres ? describe : describe.skip;
const root = path.resolve(__dirname, '../../..');
const OPERATOR = 'replica-operator-token-0123456789';
const WAIT_MS = 10_000;

interface Replica {
  readonly url: string;
  readonly child: ChildProcess;
  readonly dataDir: string;
}

function startReplica(env: Record<string, string>): Promise<Replica> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gf-revocation-'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
      env: { ...process.env, ...env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const found = /"url":"(http:[^"]+)"/.exec(buffer);
      if (found?.[1]) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve({ url: found[1], child, dataDir });
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`replica exited (${code}) before listening`)));
  });
}

async function call(
  url: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

/** Polls `read` until it answers `status`; resolves to the milliseconds that took. */
async function untilStatus(read: () => Promise<{ status: number }>, status: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const answer = await read();
    if (answer.status === status) return performance.now() - started;
    if (performance.now() - started > WAIT_MS) {
      throw new Error(`still ${answer.status} (not ${status}) after ${WAIT_MS} ms`);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

maybe('revocation across two server processes on PostgreSQL', () => {
  let database: ThrowawayDatabase;
  let a: Replica;
  let b: Replica;
  const delays: Record<string, number> = {};

  beforeAll(async () => {
    // The replicas are the built server; tsc -b does nothing when it is up to date.
    execFileSync(
      process.execPath,
      [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'apps/server'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    database = await createThrowawayDatabase(postgres as string);
    const env = {
      DATABASE_URL: database.url,
      KMS_MASTER_KEY: randomBytes(32).toString('base64'),
      OPERATOR_TOKEN: OPERATOR,
      PUBLIC_BASE_URL: 'http://control.replicas.test',
    };
    a = await startReplica(env); // runs the migrations
    b = await startReplica(env);
  });

  afterAll(async () => {
    for (const replica of [a, b]) {
      if (!replica) continue;
      const exited = new Promise((r) => replica.child.once('exit', r));
      replica.child.kill('SIGTERM');
      await exited;
      rmSync(replica.dataDir, { recursive: true, force: true });
    }
    await database?.drop();
    console.log(`revocation reached the other replica after (ms): ${JSON.stringify(delays)}`);
  });

  /** An organization and workspace made on A, and a member of the workspace signed in on A. */
  async function workspaceWithMember() {
    const ownerEmail = `owner-${randomBytes(6).toString('hex')}@example.test`;
    const created = await call(`${a.url}/v1/operator/organizations`, {
      method: 'POST',
      token: OPERATOR,
      body: { name: 'Replicas', owner_email: ownerEmail, owner_password: 'owner-password-1' },
    });
    expect(created.status).toBe(201);
    const organizationId = (created.body.organization as { id: string }).id;
    const owner = await call(`${a.url}/v1/auth/token`, {
      method: 'POST',
      body: { email: ownerEmail, password: 'owner-password-1' },
    });
    const ownerToken = owner.body.access_token as string;
    const workspace = await call(`${a.url}/v1/organizations/${organizationId}/workspaces`, {
      method: 'POST',
      token: ownerToken,
      body: { name: 'Shared' },
    });
    const workspaceId = workspace.body.id as string;
    const memberEmail = `member-${randomBytes(6).toString('hex')}@example.test`;
    const added = await call(`${a.url}/v1/scopes/workspace/${workspaceId}/members`, {
      method: 'POST',
      token: ownerToken,
      body: {
        email: memberEmail,
        password: 'member-password-1',
        temporary_password: false,
        send_email: false,
        role: 'member',
      },
    });
    expect(added.status).toBe(201);
    const member = await call(`${a.url}/v1/auth/token`, {
      method: 'POST',
      body: { email: memberEmail, password: 'member-password-1' },
    });
    return {
      workspaceId,
      ownerToken,
      membershipId: added.body.id as string,
      memberToken: member.body.access_token as string,
      memberRefreshToken: member.body.refresh_token as string,
    };
  }

  it('ends a session on B when it is logged out on A', async () => {
    const w = await workspaceWithMember();
    const readOnB = () => call(`${b.url}/v1/workspaces/${w.workspaceId}`, { token: w.memberToken });
    expect((await readOnB()).status).toBe(200);
    expect((await readOnB()).status).toBe(200);
    const out = await call(`${a.url}/v1/auth/logout`, {
      method: 'POST',
      body: { refresh_token: w.memberRefreshToken },
    });
    expect(out.status).toBe(204);
    delays.logout = await untilStatus(readOnB, 401);
  });

  it('refuses a removed member on B once A removes the membership', async () => {
    const w = await workspaceWithMember();
    const readOnB = () => call(`${b.url}/v1/workspaces/${w.workspaceId}`, { token: w.memberToken });
    expect((await readOnB()).status).toBe(200);
    expect((await readOnB()).status).toBe(200);
    const removed = await call(`${a.url}/v1/memberships/${w.membershipId}`, {
      method: 'DELETE',
      token: w.ownerToken,
    });
    expect(removed.status).toBe(204);
    delays.membership = await untilStatus(async () => {
      const res = await readOnB();
      return { status: res.status === 200 ? 200 : 403 };
    }, 403);
    expect([403, 404]).toContain((await readOnB()).status);
  });

  it('shows B a workspace frozen through A, and B refuses changes to it', async () => {
    const w = await workspaceWithMember();
    const readOnB = () => call(`${b.url}/v1/workspaces/${w.workspaceId}`, { token: w.ownerToken });
    expect((await readOnB()).body.status).toBe('active');
    expect((await readOnB()).body.status).toBe('active');
    const frozen = await call(`${a.url}/v1/operator/workspaces/${w.workspaceId}`, {
      method: 'PATCH',
      token: OPERATOR,
      body: { frozen: true },
    });
    expect(frozen.status).toBe(200);
    delays.freeze = await untilStatus(async () => {
      const res = await readOnB();
      return { status: res.body.status === 'frozen' ? 1 : 0 };
    }, 1);
    const rename = await call(`${b.url}/v1/workspaces/${w.workspaceId}`, {
      method: 'PATCH',
      token: w.ownerToken,
      body: { name: 'Renamed' },
    });
    expect(rename.status).toBe(403);
    expect(rename.body.code).toBe('workspace_frozen');
  });

  /** Platform sign-in on a workspace made on A, and an app user of it signed in on A. */
  async function workspaceWithAppUser() {
    const w = await workspaceWithMember();
    const mode = await call(`${a.url}/v1/workspaces/${w.workspaceId}/auth`, {
      method: 'PUT',
      token: w.ownerToken,
      body: { mode: 'platform' },
    });
    expect(mode.status).toBe(200);
    const email = `app-user-${randomBytes(6).toString('hex')}@example.test`;
    const added = await call(`${a.url}/v1/workspaces/${w.workspaceId}/users/add`, {
      method: 'POST',
      token: w.ownerToken,
      body: { email, password: 'app-user-password-1', temporary_password: false },
    });
    expect(added.status).toBe(201);
    const signedIn = await call(`${a.url}/v1/public/workspaces/${w.workspaceId}/token`, {
      method: 'POST',
      body: { email, password: 'app-user-password-1' },
    });
    expect(signedIn.status).toBe(200);
    return {
      ...w,
      appUserId: added.body.id as string,
      appToken: signedIn.body.access_token as string,
      appRefreshToken: signedIn.body.refresh_token as string,
    };
  }

  /** What every app polls, read on B with the app user's token, twice so B has it cached. */
  async function flagsOnB(w: { workspaceId: string; appToken: string }) {
    const readOnB = () =>
      call(`${b.url}/v1/workspaces/${w.workspaceId}/flags/runtime`, { token: w.appToken });
    expect((await readOnB()).status).toBe(200);
    expect((await readOnB()).status).toBe(200);
    return readOnB;
  }

  it('refuses an app user on B once A disables them', async () => {
    const w = await workspaceWithAppUser();
    const readOnB = await flagsOnB(w);
    const disabled = await call(`${a.url}/v1/workspaces/${w.workspaceId}/users/${w.appUserId}`, {
      method: 'PATCH',
      token: w.ownerToken,
      body: { enabled: false },
    });
    expect(disabled.status).toBe(200);
    delays.appUserDisabled = await untilStatus(readOnB, 401);
  });

  it('ends an app user’s session on B when A sees its spent refresh token again', async () => {
    const w = await workspaceWithAppUser();
    const readOnB = await flagsOnB(w);
    const renew = () =>
      call(`${a.url}/v1/public/workspaces/${w.workspaceId}/token`, {
        method: 'POST',
        body: { refresh_token: w.appRefreshToken },
      });
    expect((await renew()).status).toBe(200);
    // A copied refresh token: the whole session is revoked.
    expect((await renew()).status).toBe(401);
    delays.appUserSession = await untilStatus(readOnB, 401);
  });

  it('refuses app users on B once A switches platform sign-in off', async () => {
    const w = await workspaceWithAppUser();
    const readOnB = await flagsOnB(w);
    const off = await call(`${a.url}/v1/workspaces/${w.workspaceId}/auth`, {
      method: 'PUT',
      token: w.ownerToken,
      body: { mode: 'none' },
    });
    expect(off.status).toBe(200);
    delays.platformSignInOff = await untilStatus(readOnB, 401);
  });
});
