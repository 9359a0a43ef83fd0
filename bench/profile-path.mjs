// Profiles one hot path: starts the built server on a throwaway PostgreSQL
// database with --cpu-prof, sets up a workspace with a flag and a secret,
// drives PROFILE_PATH (reveal | create-member | workspace | flags |
// flags-app-user | sign-in) with
// autocannon, then stops the server so the profile is written to
// PROFILE_DIR. `node bench/summarize-profile.mjs <file>` prints where the time went.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const which = process.env.PROFILE_PATH ?? 'reveal';
const profileDir = process.env.PROFILE_DIR ?? mkdtempSync(path.join(tmpdir(), 'gf-profile-'));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const dbName = `gf_profile_${Date.now()}`;
await admin.query(`CREATE DATABASE "${dbName}"`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const operatorToken = randomBytes(24).toString('base64url');
const child = spawn(
  process.execPath,
  ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, path.join(root, 'apps/server/dist/main.js')],
  {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'gf-profile-data-')),
      OPERATOR_TOKEN: operatorToken,
      ...(process.env.PROFILE_DB === 'pglite' ? {} : { DATABASE_URL: dbUrl.toString() }),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const url = await new Promise((resolve) => {
  let buffer = '';
  child.stdout.on('data', function onData(chunk) {
    buffer += chunk;
    const m = /"url":"(http:[^"]+)"/.exec(buffer);
    if (m) {
      child.stdout.off('data', onData);
      child.stdout.resume();
      resolve(m[1]);
    }
  });
});
const json = async (u, init = {}) => {
  const res = await fetch(u, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  if (!res.ok) throw new Error(`${u}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
};
const email = `profile-${Date.now()}@example.test`;
const created = await json(`${url}/v1/operator/organizations`, {
  method: 'POST',
  headers: { authorization: `Bearer ${operatorToken}` },
  body: JSON.stringify({
    name: 'Profile',
    owner_email: email,
    owner_password: 'profile-password-1',
    plan_tier: 'enterprise',
  }),
});
const token = (
  await json(`${url}/v1/auth/token`, {
    method: 'POST',
    body: JSON.stringify({ email, password: 'profile-password-1' }),
  })
).access_token;
const auth = { authorization: `Bearer ${token}` };
const ws = await json(`${url}/v1/organizations/${created.organization.id}/workspaces`, {
  method: 'POST',
  headers: auth,
  body: JSON.stringify({ name: 'Profile' }),
});
const w = `${url}/v1/workspaces/${ws.id}`;
await json(`${w}/flags/checkout-v2`, { method: 'PUT', headers: auth, body: JSON.stringify({ value: true }) });
await json(`${w}/secrets/DATABASE_URL`, {
  method: 'PUT',
  headers: auth,
  body: JSON.stringify({ value: 'postgres://x' }),
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
  await json(`${url}/v1/public/workspaces/${ws.id}/token`, { method: 'POST', body: JSON.stringify(appUser) })
).access_token;
let n = 0;
// Sign-ins as 16 accounts (one per connection, as npm run bench does), each from a new address.
const signInBodies = [];
if (which === 'sign-in') {
  for (let i = 0; i < 16; i += 1) {
    const member = `signin-${i}-${Date.now()}@example.test`;
    await json(`${url}/v1/scopes/workspace/${ws.id}/members`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        email: member,
        password: 'profile-password-1',
        role: 'member',
        send_email: false,
      }),
    });
    signInBodies.push(JSON.stringify({ email: member, password: 'profile-password-1' }));
  }
}
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
          body: JSON.stringify({ email: `m${++n}-${Date.now()}@example.test`, role: 'member' }),
        }),
      },
    ],
  },
  'sign-in': {
    url: `${url}/v1/auth/token`,
    method: 'POST',
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
}[which];
const result = await new Promise((resolve, reject) =>
  autocannon({ ...requests, duration: seconds, connections: which === 'sign-in' ? 16 : 32 }, (err, r) =>
    err ? reject(err) : resolve(r),
  ),
);
console.log(
  `${which}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
);
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
await admin.query(`DROP DATABASE "${dbName}" WITH (FORCE)`);
await admin.end();
console.log(`profile in ${profileDir}`);
