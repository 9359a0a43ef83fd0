// Profiles one hot path: starts the built server on a throwaway PostgreSQL
// database (PROFILE_DB=pglite: on PGlite) with --cpu-prof, sets up a
// workspace with a flag and a secret, drives PROFILE_PATH (reveal |
// create-member | workspace | flags | flags-app-user | sign-in) with
// autocannon, then stops the server so the profile is written to
// PROFILE_DIR. `node bench/summarize-profile.mjs <file>` prints where the time went.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { PATHS, setUp, startInstallation } from './installation.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const which = process.env.PROFILE_PATH ?? 'reveal';
if (!PATHS.includes(which)) throw new Error(`PROFILE_PATH is one of ${PATHS.join(', ')}`);
const profileDir = process.env.PROFILE_DIR ?? mkdtempSync(path.join(tmpdir(), 'gf-profile-'));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const installation = await startInstallation(root, {
  nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  pglite: process.env.PROFILE_DB === 'pglite',
});
// Sign-ins as 16 accounts (one per connection, as npm run bench does), each from a new address.
const { requests } = await setUp(installation, { signInAccounts: which === 'sign-in' ? 16 : 0 });
const result = await new Promise((resolve, reject) =>
  autocannon({ connections: 32, ...requests[which], duration: seconds }, (err, r) =>
    err ? reject(err) : resolve(r),
  ),
);
console.log(
  `${which}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
);
await installation.stop();
console.log(`profile in ${profileDir}`);
