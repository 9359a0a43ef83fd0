// npm run faults: every fault script in turn, each as its own process; exits 1
// if any fails. Bounded: about three minutes on an idle 2-core machine, five at most a script.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './harness.mjs';

const runs = [
  ['database-outage.mjs', { FAULT_MODE: 'refuse' }],
  ['database-outage.mjs', { FAULT_MODE: 'blackhole' }],
  ['kill-replicas.mjs', {}],
  ['sigterm-drain.mjs', {}],
];
let failed = 0;
for (const [script, env] of runs) {
  console.log(
    `\n=== ${script} ${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  const result = spawnSync(process.execPath, [path.join(root, 'faults', script)], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
    timeout: 300_000,
  });
  if (result.status !== 0) failed += 1;
}
console.log(failed === 0 ? '\nall fault scripts passed' : `\n${failed} fault script(s) failed`);
process.exit(failed === 0 ? 0 : 1);
