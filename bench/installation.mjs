// One installation for the bench tools that drive a single path
// (profile-path.mjs, compare.mjs): a throwaway PostgreSQL database, the built
// server of a checkout on it, and an organization, a workspace, a flag, a
// secret and an app user set up, with the autocannon options of each path.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const PATHS = ['workspace', 'flags', 'flags-app-user', 'reveal', 'create-member', 'sign-in'];

/**
 * Starts `<root>/apps/server/dist/main.js` with `nodeFlags` on a new
 * database (or on PGlite when `pglite`). `stop()` ends it and drops the database.
 */
export async function startInstallation(root, { nodeFlags = [], pglite = false } = {}) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const dbName = `gf_bench_path_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  if (!pglite) await admin.query(`CREATE DATABASE "${dbName}"`);
  const operatorToken = randomBytes(24).toString('base64url');
  const child = spawn(process.execPath, [...nodeFlags, path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'gf-bench-path-')),
      OPERATOR_TOKEN: operatorToken,
      ...(pglite ? {} : { DATABASE_URL: dbUrl.toString() }),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      TRUST_PROXY: '1',
      // As `npm start` and the image run it (docs/performance.md, "Idle memory").
      MALLOC_MMAP_THRESHOLD_: '131072',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let buffer = '';
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    child.stdout.on('data', function onData(chunk) {
      buffer += chunk;
      const m = /"url":"(http:[^"]+)"/.exec(buffer);
      if (m) {
        child.stdout.off('data', onData);
        // Request logs would measure the pipe: drained, never printed.
        child.stdout.resume();
        resolve(m[1]);
      }
    });
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
    if (!pglite) await admin.query(`DROP DATABASE "${dbName}" WITH (FORCE)`);
    await admin.end();
  };
  return { child, url, operatorToken, stop };
}

const json = async (u, init = {}) => {
  const res = await fetch(u, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  if (!res.ok) throw new Error(`${u}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
};

/**
 * Sets the installation up. Returns each path's autocannon options
 * (`requests`), the owner's and the app user's Authorization headers and the ids.
 * `signInAccounts`: members made for the sign-in path, one per connection
 * (concurrent sign-ins of one email would be refused by its failure limit).
 */
export async function setUp({ url, operatorToken }, { signInAccounts = 0 } = {}) {
  const email = `bench-path-${Date.now()}@example.test`;
  const password = 'bench-path-password-1';
  const created = await json(`${url}/v1/operator/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${operatorToken}` },
    body: JSON.stringify({
      name: 'Bench',
      owner_email: email,
      owner_password: password,
      plan_tier: 'enterprise',
    }),
  });
  const token = (
    await json(`${url}/v1/auth/token`, { method: 'POST', body: JSON.stringify({ email, password }) })
  ).access_token;
  const auth = { authorization: `Bearer ${token}` };
  const ws = await json(`${url}/v1/organizations/${created.organization.id}/workspaces`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ name: 'Bench' }),
  });
  const w = `${url}/v1/workspaces/${ws.id}`;
  await json(`${w}/flags/checkout-v2`, {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ value: true }),
  });
  await json(`${w}/secrets/DATABASE_URL`, {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ value: 'postgres://bench:secret@db.internal/app' }),
  });
  // Apps poll their flags with their users' tokens: an app user of the workspace's own sign-in.
  await json(`${w}/auth`, { method: 'PUT', headers: auth, body: JSON.stringify({ mode: 'platform' }) });
  const appUser = { email: `app-user-${Date.now()}@example.test`, password: 'app-user-password-1' };
  await json(`${w}/users/add`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ ...appUser, temporary_password: false }),
  });
  const appToken = (
    await json(`${url}/v1/public/workspaces/${ws.id}/token`, {
      method: 'POST',
      body: JSON.stringify(appUser),
    })
  ).access_token;
  const signInBodies = [];
  for (let i = 0; i < signInAccounts; i += 1) {
    const member = `signin-${i}-${Date.now()}@example.test`;
    await json(`${url}/v1/scopes/workspace/${ws.id}/members`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ email: member, password, role: 'member', send_email: false }),
    });
    signInBodies.push(JSON.stringify({ email: member, password }));
  }

  let membersAdded = 0;
  let address = 0;
  const requests = {
    reveal: { url: `${w}/secrets/DATABASE_URL`, headers: auth },
    workspace: { url: w, headers: auth },
    flags: { url: `${w}/flags/runtime`, headers: auth },
    'flags-app-user': { url: `${w}/flags/runtime`, headers: { authorization: `Bearer ${appToken}` } },
    'create-member': {
      url: `${url}/v1/scopes/workspace/${ws.id}/members`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({ email: `m${++membersAdded}-${Date.now()}@example.test`, role: 'member' }),
          }),
        },
      ],
    },
    // Each sign-in from a new address: the per-address limit is not what is measured.
    'sign-in': {
      url: `${url}/v1/auth/token`,
      method: 'POST',
      connections: signInBodies.length,
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (req) => {
            address += 1;
            return {
              ...req,
              headers: { ...req.headers, 'x-forwarded-for': `10.${(address >> 8) & 255}.${address & 255}.1` },
              body: signInBodies[address % signInBodies.length],
            };
          },
        },
      ],
    },
  };
  const appAuth = { authorization: `Bearer ${appToken}` };
  return { requests, auth, appAuth, organizationId: created.organization.id, workspaceId: ws.id };
}
