// npm run faults:kill: two replicas on one PostgreSQL database under a load of
// writes; one of them is killed with SIGKILL twenty times over (FAULT_KILLS)
// and restarted. Passes when every write that was acknowledged with a 2xx is
// still there afterwards, and no invariant broke: an organization keeps an
// owner (both owners keep trying to leave), a quota of 3 workspaces holds
// (creates keep trying past it), an app slug is held by one app however often
// it is created, a flag reads back with the value last acknowledged for it.
import { createServer } from 'node:net';
import {
  call,
  exited,
  installation,
  organizationWithOwner,
  sleep,
  startServer,
  throwawayDatabase,
  verdict,
} from './harness.mjs';

const kills = Number(process.env.FAULT_KILLS ?? 20);
const failures = [];
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const db = await throwawayDatabase('kill');
const env = installation(db.url);
const ports = [await freePort(), await freePort()];
const replicas = [await startServer(env, { port: ports[0] }), await startServer(env, { port: ports[1] })];
const base = (i) => `http://127.0.0.1:${ports[i]}`;
const operator = { authorization: `Bearer ${env.OPERATOR_TOKEN}` };

try {
  // O: where workspaces, members and flags are written.
  const o = await organizationWithOwner(base(0), env.OPERATOR_TOKEN);
  const flagsWs = await call(`${base(0)}/v1/organizations/${o.organizationId}/workspaces`, {
    method: 'POST',
    headers: o.auth,
    body: { name: 'flags' },
  });
  // Q: a quota of 3 workspaces, which concurrent creates keep pushing at.
  const q = await organizationWithOwner(base(0), env.OPERATOR_TOKEN, 'free');
  await call(`${base(0)}/v1/operator/organizations/${q.organizationId}`, {
    method: 'PATCH',
    headers: operator,
    body: { limits: { workspaces: 3 } },
  });
  // R: two owners, each trying to leave; one must always stay.
  const r = await organizationWithOwner(base(0), env.OPERATOR_TOKEN);
  const second = await call(`${base(0)}/v1/scopes/account/${r.organizationId}/members`, {
    method: 'POST',
    headers: r.auth,
    body: {
      email: `second-${Date.now()}@example.test`,
      password: 'second-owner-pw',
      temporary_password: false,
      send_email: false,
      role: 'owner',
    },
  });
  const secondToken = await call(`${base(0)}/v1/auth/token`, {
    method: 'POST',
    body: { email: second.body.user_email, password: 'second-owner-pw' },
  });
  const me = await call(`${base(0)}/v1/me`, { headers: r.auth });
  const owners = [
    { auth: r.auth, membershipId: me.body.memberships.find((m) => m.scope_id === r.organizationId).id },
    { auth: { authorization: `Bearer ${secondToken.body.access_token}` }, membershipId: second.body.id },
  ];

  const acknowledged = {
    workspaces: [],
    members: [],
    flags: new Map(),
    quotaCreates: 0,
    ownerLeft: 0,
    // slug → the ids of the apps whose create with that slug was acknowledged (at most one may be).
    apps: new Map(),
  };
  const unexpected = [];
  // Refused connections and cut responses are what a killed replica looks like; anything else is a finding.
  const note = (what, i, res) => {
    if (res.status === 0) return;
    unexpected.push(
      `${what} on replica ${(i % 2) + 1}: ${res.status} ${res.body?.code ?? ''} ${res.body?.detail ?? ''}`,
    );
  };
  let running = true;
  let n = 0;
  const worker = async (w) => {
    while (running) {
      // This request's number: `n` moves on while the request awaits.
      const i = ++n;
      const at = base(i % 2);
      const kind = i % 6;
      if (kind === 0) {
        const res = await call(`${at}/v1/organizations/${o.organizationId}/workspaces`, {
          method: 'POST',
          headers: o.auth,
          body: { name: `w-${i}` },
        });
        if (res.status === 201) acknowledged.workspaces.push(res.body.id);
        else note('create workspace', i, res);
      } else if (kind === 1) {
        const res = await call(`${at}/v1/scopes/account/${o.organizationId}/members`, {
          method: 'POST',
          headers: o.auth,
          body: { email: `m-${i}-${w}@example.test`, role: 'member' },
        });
        if (res.status === 201) acknowledged.members.push(res.body.id);
        else note('add member', i, res);
      } else if (kind === 2) {
        // Each worker writes its own keys, one write at a time, with increasing values.
        const key = `flag-${w}-${i % 4}`;
        const res = await call(`${at}/v1/workspaces/${flagsWs.body.id}/flags/${key}`, {
          method: 'PUT',
          headers: o.auth,
          body: { value: { n: i } },
        });
        if (res.status === 200) acknowledged.flags.set(key, i);
        else note('put flag', i, res);
      } else if (kind === 3) {
        const res = await call(`${at}/v1/organizations/${q.organizationId}/workspaces`, {
          method: 'POST',
          headers: q.auth,
          body: { name: `q-${i}` },
        });
        if (res.status === 201) acknowledged.quotaCreates += 1;
        else if (res.body?.code !== 'quota_exceeded') note('create workspace past the quota', i, res);
      } else if (kind === 5) {
        // A few slugs, created over and over through both replicas: one app per slug, ever.
        const slug = `app-${i % 7}`;
        const res = await call(`${at}/v1/workspaces/${flagsWs.body.id}/apps`, {
          method: 'POST',
          headers: o.auth,
          body: { name: `App ${i}`, slug },
        });
        if (res.status === 201)
          acknowledged.apps.set(slug, [...(acknowledged.apps.get(slug) ?? []), res.body.id]);
        else if (res.body?.code !== 'app_slug_taken') note('create app', i, res);
      } else {
        const owner = owners[i % 2];
        const res = await call(`${at}/v1/memberships/${owner.membershipId}`, {
          method: 'DELETE',
          headers: owner.auth,
        });
        if (res.status === 204) acknowledged.ownerLeft += 1;
        else if (res.body?.code !== 'last_owner' && res.body?.code !== 'membership_not_found')
          note('owner leaves', i, res);
      }
      await sleep(5);
    }
  };
  const workers = Array.from({ length: 8 }, (_, w) => worker(w));

  for (let k = 0; k < kills; k++) {
    await sleep(1200);
    const i = k % 2;
    replicas[i].child.kill('SIGKILL');
    await exited(replicas[i].child);
    replicas[i].cleanup();
    replicas[i] = await startServer(env, { port: ports[i] });
    process.stdout.write(`killed and restarted replica ${i + 1} (${k + 1}/${kills})\n`);
  }
  await sleep(1000);
  running = false;
  await Promise.all(workers);

  // Everything acknowledged is there: read straight from the database, in two queries.
  const check = base(0);
  let missing = 0;
  const present = async (table, ids) => {
    const rows = await db.query(`SELECT id FROM ${table} WHERE id = ANY($1::uuid[])`, [ids]);
    const found = new Set(rows.map((r) => r.id));
    for (const id of ids) {
      if (!found.has(id)) {
        missing += 1;
        console.log(`${table} row ${id} was acknowledged and is missing`);
      }
    }
  };
  await present('workspaces', acknowledged.workspaces);
  await present('memberships', acknowledged.members);
  const flags = await call(`${check}/v1/workspaces/${flagsWs.body.id}/flags`, { headers: o.auth });
  const stored = new Map((flags.body?.flags ?? []).map((f) => [f.key, f.value?.n]));
  for (const [key, last] of acknowledged.flags) {
    const value = stored.get(key);
    // The last acknowledged value, or a later one whose answer was lost with its replica; never older.
    if (value === undefined || value < last) {
      missing += 1;
      console.log(`flag ${key}: acknowledged ${last}, stored ${value}`);
    }
  }
  const quotaRows = await db.query('SELECT count(*)::int AS n FROM workspaces WHERE organization_id = $1', [
    q.organizationId,
  ]);
  const appIds = [...acknowledged.apps.values()].flat();
  await present('apps', appIds);
  const doubled = await db.query(
    'SELECT slug, count(*)::int AS n FROM apps WHERE workspace_id = $1 GROUP BY slug HAVING count(*) > 1',
    [flagsWs.body.id],
  );
  const ownerRows = await db.query(
    "SELECT count(*)::int AS n FROM memberships WHERE scope_type = 'account' AND scope_id = $1 AND role = 'owner' AND status = 'accepted'",
    [r.organizationId],
  );

  console.log(
    `\nacknowledged: ${acknowledged.workspaces.length} workspaces, ${acknowledged.members.length} members, ${acknowledged.flags.size} flags, ${acknowledged.quotaCreates} quota creates, ${acknowledged.ownerLeft} owner departures`,
  );
  console.log(`missing after ${kills} kills: ${missing}`);
  console.log(`workspaces in the organization with a quota of 3: ${quotaRows[0].n}`);
  console.log(
    `apps acknowledged: ${appIds.length} over ${acknowledged.apps.size} slugs; slugs held twice: ${doubled.length}`,
  );
  console.log(`owners left in the organization whose owners kept leaving: ${ownerRows[0].n}`);
  if (missing > 0) failures.push(`${missing} acknowledged writes are missing`);
  if (unexpected.length > 0)
    failures.push(`unexpected answers: ${[...new Set(unexpected)].slice(0, 5).join('; ')}`);
  if (quotaRows[0].n > 3) failures.push(`the quota of 3 workspaces was passed: ${quotaRows[0].n}`);
  if (ownerRows[0].n < 1) failures.push('the organization lost its last owner');
  if (doubled.length > 0) failures.push(`slugs held by two apps: ${doubled.map((d) => d.slug).join(', ')}`);
  const twice = [...acknowledged.apps].filter(([, ids]) => ids.length > 1).map(([slug]) => slug);
  if (twice.length > 0) failures.push(`two creates acknowledged for one slug: ${twice.join(', ')}`);
  if (acknowledged.ownerLeft > 1)
    failures.push(`${acknowledged.ownerLeft} owners left an organization of two owners`);
  if (acknowledged.workspaces.length === 0 || acknowledged.members.length === 0)
    failures.push('the load acknowledged no writes');
} finally {
  for (const r of replicas) {
    r.child.kill('SIGTERM');
    await exited(r.child);
    r.cleanup();
  }
  await db.drop();
}
verdict(`${kills} kills of one of two replicas`, failures);
