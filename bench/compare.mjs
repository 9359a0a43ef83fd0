// Tells whether a change made a path cheaper, on a machine whose speed
// drifts by a tenth between two runs a minute apart: two builds (two
// checkouts, each built) run side by side, each its own server on its own
// throwaway database set up alike, and are measured in alternation (A then
// B, then B then A, …), comparing the server's CPU per answered request
// read from /proc. Two servers of one build read within about 1% this way.
//
//   node bench/compare.mjs <checkout A> <checkout B> [paths, comma-separated]
//
// Paths: workspace, flags, flags-app-user, reveal, create-member, sign-in
// (default: workspace,flags-app-user,create-member). COMPARE_ROUNDS (4) and
// COMPARE_SECONDS (5) set the rounds and each run's length. For sign-in,
// only the event loop's thread is counted (hashing runs on threads of its
// own), per successful sign-in. NODE_FLAGS_A / NODE_FLAGS_B start either
// server with other Node flags (default: --max-semi-space-size=8, as npm start).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { PATHS, setUp, startInstallation } from './installation.mjs';

const [rootA, rootB, list] = process.argv.slice(2);
if (!rootA || !rootB) throw new Error('usage: node bench/compare.mjs <checkout A> <checkout B> [paths]');
const paths = (list ?? 'workspace,flags-app-user,create-member').split(',');
for (const p of paths)
  if (!PATHS.includes(p)) throw new Error(`unknown path ${p}: one of ${PATHS.join(', ')}`);
const rounds = Number(process.env.COMPARE_ROUNDS ?? 4);
const seconds = Number(process.env.COMPARE_SECONDS ?? 5);
const flagsOf = (name) => (process.env[name] ?? '--max-semi-space-size=8').split(' ').filter(Boolean);

/** CPU seconds of the process (every thread), or of its main thread only. */
function cpuSeconds(pid, mainThreadOnly) {
  const file = mainThreadOnly ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const run = (options, duration) =>
  new Promise((resolve, reject) =>
    autocannon({ connections: 32, ...options, duration }, (err, r) => (err ? reject(err) : resolve(r))),
  );

const sides = [];
try {
  for (const [root, flags] of [
    [rootA, 'NODE_FLAGS_A'],
    [rootB, 'NODE_FLAGS_B'],
  ]) {
    const installation = await startInstallation(path.resolve(root), { nodeFlags: flagsOf(flags) });
    sides.push({ root, installation, results: Object.fromEntries(paths.map((p) => [p, []])) });
    installation.requests = (
      await setUp(installation, { signInAccounts: paths.includes('sign-in') ? 16 : 0 })
    ).requests;
  }
  // Warm-up, discarded: JIT, pools, caches.
  for (const side of sides) for (const p of paths) await run(side.installation.requests[p], 3);
  for (let round = 0; round < rounds; round += 1) {
    for (const p of paths) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
        const pid = side.installation.child.pid;
        const before = cpuSeconds(pid, p === 'sign-in');
        const r = await run(side.installation.requests[p], seconds);
        const answered = p === 'sign-in' ? r['2xx'] : r.requests.total;
        side.results[p].push({
          us: ((cpuSeconds(pid, p === 'sign-in') - before) * 1e6) / Math.max(answered, 1),
          perSecond: answered / seconds,
        });
      }
    }
  }
} finally {
  for (const side of sides) await side.installation.stop();
}

const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
console.log(
  `A ${rootA}\nB ${rootB}\n${rounds} rounds of ${seconds} s; server CPU µs per request (each round)`,
);
for (const p of paths) {
  const [a, b] = sides.map((side) => side.results[p]);
  const describe = (runs) =>
    `${mean(runs.map((x) => x.us)).toFixed(1)} [${runs.map((x) => x.us.toFixed(0)).join(' ')}] ${mean(runs.map((x) => x.perSecond)).toFixed(0)}/s`;
  const ratio = mean(b.map((x) => x.us)) / mean(a.map((x) => x.us));
  console.log(`${p.padEnd(15)} A ${describe(a)} | B ${describe(b)} | B/A ${ratio.toFixed(3)}`);
}
