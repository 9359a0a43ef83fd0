// Shared pieces of the fault scripts: a throwaway PostgreSQL database, the
// built server as a child process, a TCP proxy that can take the database
// away, and small HTTP helpers. Loopback only; every script is bounded in time.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl =
  process.env.FAULTS_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

/** A database of its own, dropped by `drop()`. */
export async function throwawayDatabase(label) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `gf_fault_${label}_${Date.now()}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    query: async (sql, params) => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The settings every replica of one installation shares. */
export function installation(databaseUrl, extra = {}) {
  return {
    DATABASE_URL: databaseUrl,
    KMS_MASTER_KEY: randomBytes(32).toString('base64'),
    OPERATOR_TOKEN: randomBytes(24).toString('base64url'),
    // One address for the whole installation: it is the tokens' issuer, so
    // replicas that differ here refuse each other's tokens.
    PUBLIC_BASE_URL: 'http://control.faults.test',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** Starts `apps/server/dist/main.js`; resolves once it listens, with its URL and the child. */
export function startServer(env, { port = 0 } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gf-fault-'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
      env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'info', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    const onData = (chunk) => {
      buffer += chunk;
      const found = /"url":"(http:[^"]+)"/.exec(buffer);
      if (found) {
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({
          child,
          url: found[1],
          dataDir,
          cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
        });
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`server exited (${code ?? signal}) before listening`)),
    );
  });
}

/** Resolves when the child has exited. */
export const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', resolve));

/** JSON request; resolves to {status, body, ms}; never rejects (a network error is status 0). */
export async function call(url, { method = 'GET', headers = {}, body, timeoutMs = 15_000 } = {}) {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: res.status, body: parsed, ms: performance.now() - started };
  } catch (error) {
    return {
      status: 0,
      body: null,
      error: error?.cause?.code ?? error?.name ?? String(error),
      ms: performance.now() - started,
    };
  }
}

/** An organization with a signed-in owner (the operator creates it). */
export async function organizationWithOwner(base, operatorToken, planTier = 'enterprise') {
  const email = `owner-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
  const password = 'fault-owner-password';
  const created = await call(`${base}/v1/operator/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${operatorToken}` },
    body: { name: 'Faults', owner_email: email, owner_password: password, plan_tier: planTier },
  });
  if (created.status !== 201)
    throw new Error(`organization: ${created.status} ${JSON.stringify(created.body)}`);
  const token = await call(`${base}/v1/auth/token`, { method: 'POST', body: { email, password } });
  if (token.status !== 200) throw new Error(`sign-in: ${token.status}`);
  return {
    organizationId: created.body.organization.id,
    email,
    auth: { authorization: `Bearer ${token.body.access_token}` },
  };
}

/**
 * A TCP proxy on loopback in front of PostgreSQL. `down()` refuses every new
 * connection and cuts the open ones (a host that is gone); `blackhole()`
 * cuts the open ones and then accepts new connections but never answers (a
 * network that drops packets); `up()` brings it back on the same port.
 */
export async function tcpProxy(targetHost, targetPort) {
  const sockets = new Set();
  let server = null;
  let port = 0;
  let swallowing = false;
  const up = () =>
    new Promise((resolve, reject) => {
      swallowing = false;
      if (server) return resolve();
      server = createServer((client) => {
        sockets.add(client);
        client.on('close', () => sockets.delete(client));
        client.on('error', () => client.destroy());
        if (swallowing) return; // held open, never answered
        const upstream = connect(targetPort, targetHost);
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        for (const s of [client, upstream]) {
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = server.address().port;
        resolve();
      });
    });
  const down = () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server) return resolve();
      const closing = server;
      server = null;
      closing.close(() => resolve());
    });
  const blackhole = async () => {
    for (const s of sockets) s.destroy();
    swallowing = true;
    if (!server) await up().then(() => (swallowing = true));
  };
  await up();
  return {
    get port() {
      return port;
    },
    up,
    down,
    blackhole,
  };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Ends the script: prints the verdict and exits 0 (passed) or 1. */
export function verdict(name, failures) {
  if (failures.length === 0) {
    console.log(`\n${name}: PASSED`);
    process.exit(0);
  }
  console.log(`\n${name}: FAILED`);
  for (const f of failures) console.log(`  - ${f}`);
  process.exit(1);
}
