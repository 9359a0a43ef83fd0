// npm run bench: the real server on a throwaway PostgreSQL database and an
// Express hello-world, each in its own process; autocannon against both.
// Prints requests/s and p99 latency of an authenticated GET /v1/workspaces/{id}
// and its ratio to the hello-world. Bounded: loopback only, fixed durations.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

function start(script, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const hello = /listening (\d+)/.exec(buffer);
      const server = /"url":"(http:[^"]+)"/.exec(buffer);
      if (hello) resolve({ child, url: `http://127.0.0.1:${hello[1]}` });
      if (server) resolve({ child, url: server[1] });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function json(url, init) {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init?.headers ?? {}) },
  });
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

function measure(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, duration, connections, pipelining: 1 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const dbName = `gf_bench_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${dbName}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'gf-bench-'));
const operatorToken = randomBytes(24).toString('base64url');

let server;
let hello;
try {
  server = await start(path.join(root, 'apps/server/dist/main.js'), {
    PORT: '0',
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: dataDir,
    OPERATOR_TOKEN: operatorToken,
    LOG_LEVEL: 'info',
  });
  hello = await start(path.join(root, 'bench/hello.mjs'), { PORT: '0' });
  // Request logs would measure the terminal; the server logs at info, so it is piped and drained.
  server.child.stdout.resume();

  const email = `bench-${Date.now()}@example.test`;
  const password = 'bench-password-1';
  const created = await json(`${server.url}/v1/operator/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${operatorToken}` },
    body: JSON.stringify({ name: 'Bench', owner_email: email, owner_password: password }),
  });
  const { access_token } = await json(`${server.url}/v1/auth/token`, {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  const auth = { authorization: `Bearer ${access_token}` };
  const workspace = await json(`${server.url}/v1/organizations/${created.organization.id}/workspaces`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ name: 'Bench' }),
  });

  const target = `${server.url}/v1/workspaces/${workspace.id}`;
  await measure(target, auth); // warm-up is discarded
  const api = await measure(target, auth);
  const base = await measure(`${hello.url}/hello`, {});
  if (api.non2xx > 0 || api.errors > 0)
    throw new Error(`API run had ${api.non2xx} non-2xx answers and ${api.errors} errors`);

  const row = (name, r) =>
    `${name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms`;
  console.log(`\n${connections} connections, ${duration} s each, PostgreSQL`);
  console.log(row('GET /v1/workspaces/{id} (auth)', api));
  console.log(row('Express hello-world', base));
  console.log(`ratio to hello-world: ${(api.requests.average / base.requests.average).toFixed(3)}`);
} finally {
  server?.child.kill('SIGTERM');
  hello?.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
