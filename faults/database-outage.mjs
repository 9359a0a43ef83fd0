// npm run faults:database: PostgreSQL becomes unreachable for 30 seconds
// (FAULT_OUTAGE_SECONDS) under a steady load of reads and writes, either
// refusing connections (FAULT_MODE=refuse, the default: the host is gone) or
// swallowing them (FAULT_MODE=blackhole: packets are dropped, nothing answers).
// Passes when: during the outage every request is answered (no hang) with a
// 503 problem within 5 seconds, /readyz answers 503, no request is a 500;
// and afterwards service recovers without a restart within 15 seconds.
import {
  call,
  installation,
  organizationWithOwner,
  percentile,
  sleep,
  startServer,
  tcpProxy,
  throwawayDatabase,
  verdict,
} from './harness.mjs';

const outageSeconds = Number(process.env.FAULT_OUTAGE_SECONDS ?? 30);
const mode = process.env.FAULT_MODE === 'blackhole' ? 'blackhole' : 'refuse';
const failures = [];
const db = await throwawayDatabase('outage');
const target = new URL(db.url);
const proxy = await tcpProxy(target.hostname, Number(target.port || 5432));
const viaProxy = new URL(db.url);
viaProxy.host = `127.0.0.1:${proxy.port}`;
const env = installation(viaProxy.toString());
const server = await startServer(env);

try {
  const owner = await organizationWithOwner(server.url, env.OPERATOR_TOKEN);
  const phase = { name: 'before' };
  const results = { before: [], outage: [], after: [] };
  let running = true;
  let n = 0;
  const worker = async () => {
    while (running) {
      n += 1;
      const write = n % 3 === 0;
      const r = write
        ? await call(`${server.url}/v1/organizations/${owner.organizationId}/workspaces`, {
            method: 'POST',
            headers: owner.auth,
            body: { name: `ws-${n}` },
          })
        : await call(`${server.url}/v1/organizations/${owner.organizationId}`, { headers: owner.auth });
      results[phase.name].push(r);
      await sleep(20);
    }
  };
  const workers = Array.from({ length: 8 }, worker);

  await sleep(3000);
  console.log(`taking PostgreSQL away for ${outageSeconds} s (${mode})`);
  phase.name = 'outage';
  if (mode === 'blackhole') await proxy.blackhole();
  else await proxy.down();
  const outageStarted = Date.now();
  let readyDuring = null;
  while (Date.now() - outageStarted < outageSeconds * 1000) {
    await sleep(1000);
    readyDuring ??= (await call(`${server.url}/readyz`)).status;
  }
  console.log('bringing PostgreSQL back');
  await proxy.up();
  phase.name = 'after';
  const backAt = Date.now();
  let recoveredAfterMs = null;
  while (recoveredAfterMs === null && Date.now() - backAt < 15_000) {
    const r = await call(`${server.url}/readyz`);
    if (r.status === 200) recoveredAfterMs = Date.now() - backAt;
    else await sleep(200);
  }
  await sleep(3000);
  running = false;
  await Promise.all(workers);

  const during = results.outage;
  const statuses = (rs) =>
    Object.entries(
      rs.reduce((m, r) => {
        m[r.status] = (m[r.status] ?? 0) + 1;
        return m;
      }, {}),
    );
  console.log(
    `\nrequests before: ${results.before.length}, during: ${during.length}, after: ${results.after.length}`,
  );
  console.log(`statuses during the outage: ${JSON.stringify(Object.fromEntries(statuses(during)))}`);
  const slowest = Math.max(0, ...during.map((r) => r.ms));
  console.log(
    `during the outage: p50 ${percentile(
      during.map((r) => r.ms),
      50,
    ).toFixed(0)} ms, p99 ${percentile(
      during.map((r) => r.ms),
      99,
    ).toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms`,
  );
  console.log(
    `/readyz during the outage: ${readyDuring}; ready again ${recoveredAfterMs ?? 'never'} ms after the database came back`,
  );
  const afterOk = results.after.filter((r) => r.status >= 200 && r.status < 300).length;
  console.log(`after: ${afterOk} of ${results.after.length} answered 2xx`);

  if (during.length === 0) failures.push('no request was made during the outage');
  const not503 = during.filter((r) => r.status !== 503);
  // A request already past its database work when the proxy went down may still succeed.
  const bad = not503.filter((r) => !(r.status >= 200 && r.status < 300));
  if (bad.length > 0)
    failures.push(
      `${bad.length} requests during the outage were not 503 (${JSON.stringify(bad.slice(0, 3).map((r) => [r.status, r.error ?? r.body?.code]))})`,
    );
  const wrongCode = during.filter((r) => r.status === 503 && r.body?.code !== 'database_unavailable');
  if (wrongCode.length > 0)
    failures.push(`${wrongCode.length} 503 answers did not carry database_unavailable`);
  if (slowest > 5000)
    failures.push(`a request took ${slowest.toFixed(0)} ms during the outage (bound: 5,000)`);
  if (readyDuring !== 503) failures.push(`/readyz answered ${readyDuring} during the outage`);
  if (recoveredAfterMs === null) failures.push('not ready again within 15 s of the database coming back');
  const lastAfter = results.after.slice(-16);
  if (lastAfter.some((r) => r.status < 200 || r.status >= 300))
    failures.push('requests still failing at the end');
  if ([...results.before, ...results.after].some((r) => r.status >= 500 && r.status !== 503))
    failures.push('a 5xx other than 503');
} finally {
  server.child.kill('SIGTERM');
  await sleep(500);
  await proxy.down();
  await db.drop();
  server.cleanup();
}
verdict(`database outage (${mode})`, failures);
