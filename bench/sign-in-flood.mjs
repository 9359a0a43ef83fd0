// npm run bench:signin: how a flood of failing sign-ins affects everyone else.
// Starts the built server on a throwaway PostgreSQL database (or, with
// BENCH_DB=pglite, on embedded PGlite in a temporary directory) and measures the
// latency of GET /v1/public/jwks.json, one request at a time:
//   1. alone;
//   2. during bursts of concurrent sign-ins with random emails, each burst
//      from one address, the next burst once all are answered (the first 50
//      of a burst are checked, the rest refused by the per-address limit);
//   3. during a sustained flood from ONE address: every connection sends its
//      next sign-in as soon as the last is answered (almost all 429);
//   4. during the same flood from MANY addresses: no per-address limit binds,
//      only the bound on concurrent password hashing protects the server;
//   5. as 4, on a second server with four hashing threads
//      (PASSWORD_HASH_CONCURRENCY=4), as many as libuv's threadpool had before the bound;
//      BENCH_COMPARE_CONCURRENCY picks another number to compare with.
// Bounded: loopback only, fixed durations. Not part of npm test.
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
const usePglite = process.env.BENCH_DB === 'pglite';
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 120);
const compareConcurrency = process.env.BENCH_COMPARE_CONCURRENCY ?? '4';

function start(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    const onData = (chunk) => {
      buffer += chunk;
      const server = /"url":"(http:[^"]+)"/.exec(buffer);
      if (server) {
        // Request logs would measure the terminal: piped and drained.
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({ child, url: server[1] });
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
}

async function stop(server) {
  if (!server) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** GET jwks one request at a time until `until` resolves; latencies in ms. */
async function probe(url, until) {
  const latencies = [];
  let done = false;
  until.then(() => {
    done = true;
  });
  while (!done) {
    const started = performance.now();
    const res = await fetch(`${url}/v1/public/jwks.json`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`jwks answered ${res.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies.sort((a, b) => a - b);
}

const idle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const randomAddress = () =>
  `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${Math.max(1, randomBytes(1)[0] % 255)}`;

/** `connections` concurrent sign-ins with random emails for `duration` seconds; statuses counted. */
function flood(url, addressFor) {
  const statuses = {};
  const run = new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}/v1/auth/token`,
        connections,
        duration,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => ({
              ...req,
              headers: { 'content-type': 'application/json', 'x-forwarded-for': addressFor() },
              body: JSON.stringify({
                email: `flood-${randomBytes(6).toString('hex')}@example.test`,
                password: randomBytes(9).toString('base64url'),
              }),
            }),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('response', (_client, statusCode) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
  return { run, statuses };
}

const signInOnce = (url, address) =>
  fetch(`${url}/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({
      email: `burst-${randomBytes(6).toString('hex')}@example.test`,
      password: randomBytes(9).toString('base64url'),
    }),
  }).then(async (res) => {
    await res.arrayBuffer();
    return res.status;
  });

/** Bursts of `connections` concurrent sign-ins, each burst from one fresh address. */
async function bursts(label, url) {
  const statuses = {};
  const deadline = Date.now() + duration * 1000;
  const run = (async () => {
    while (Date.now() < deadline) {
      const address = randomAddress();
      const answers = await Promise.all(Array.from({ length: connections }, () => signInOnce(url, address)));
      for (const status of answers) statuses[status] = (statuses[status] ?? 0) + 1;
    }
  })();
  const latencies = await probe(url, run);
  await run;
  return { label, latencies, statuses };
}

async function phase(label, url, addressFor) {
  if (!addressFor) {
    const latencies = await probe(url, idle(duration * 1000));
    return { label, latencies, statuses: null };
  }
  const { run, statuses } = flood(url, addressFor);
  const latencies = await probe(url, run);
  // Let the queued sign-ins drain before the next phase starts.
  await idle(2000);
  return { label, latencies, statuses };
}

function report(rows, hashConcurrency) {
  const ms = (v) => `${v.toFixed(1).padStart(7)} ms`;
  console.log(
    `\njwks.json latency, one request at a time, while ${connections} concurrent sign-ins run for ${duration} s, ${usePglite ? 'PGlite' : 'PostgreSQL'}`,
  );
  console.log(
    `${''.padEnd(60)} ${'p50'.padStart(10)} ${'p99'.padStart(10)} ${'max'.padStart(10)}   sign-in answers`,
  );
  for (const { label, latencies, statuses, concurrency } of rows) {
    const answers = statuses
      ? Object.entries(statuses)
          .map(([status, n]) => `${n}×${status}`)
          .join(' ')
      : '';
    console.log(
      `${`${label} [hashing ${concurrency ?? hashConcurrency}]`.padEnd(60)} ${ms(percentile(latencies, 50))} ${ms(percentile(latencies, 99))} ${ms(latencies[latencies.length - 1])}   ${answers}`,
    );
  }
}

const dbName = `gf_bench_signin_${Date.now()}`;
const admin = usePglite ? null : new pg.Client({ connectionString: adminUrl });
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${dbName}`;
if (admin) {
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'gf-bench-'));
const env = {
  PORT: '0',
  ...(usePglite ? {} : { DATABASE_URL: databaseUrl.toString() }),
  DATA_DIR: dataDir,
  OPERATOR_TOKEN: randomBytes(24).toString('base64url'),
  KMS_MASTER_KEY: randomBytes(32).toString('base64'),
  LOG_LEVEL: 'info',
  // The flood from many addresses is told apart by X-Forwarded-For.
  TRUST_PROXY: '1',
};

let server;
try {
  const rows = [];
  server = await start(env);
  await probe(server.url, idle(1000)); // warm-up is discarded
  rows.push(await phase('alone', server.url, null));
  rows.push(await bursts(`bursts of ${connections}, each from one address`, server.url));
  const oneAddress = randomAddress();
  rows.push(await phase('sustained flood from one address', server.url, () => oneAddress));
  rows.push(await phase('sustained flood from many addresses', server.url, randomAddress));
  await stop(server);

  // The same database: the flood's failures are in the per-address counters,
  // but the next flood comes from fresh random addresses.
  server = await start({ ...env, PASSWORD_HASH_CONCURRENCY: compareConcurrency });
  await probe(server.url, idle(1000));
  rows.push({
    ...(await phase('sustained flood from many addresses', server.url, randomAddress)),
    concurrency: compareConcurrency,
  });
  report(rows, process.env.PASSWORD_HASH_CONCURRENCY ?? 'default');
} finally {
  await stop(server).catch(() => {});
  if (admin) {
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
}
