import { randomUUID } from 'node:crypto';
import { UNIT_OF_WORK, type UnitOfWork } from '@groundfloor/domain';
import { bearer, organizationWithOwner } from './support/api';
import { grantRole, userIdOf } from './support/seed';
import { DATABASES, startTestServer, type TestServer } from './support/test-server';
import { workspaceWithOwner } from './support/workspace';

describe.each(DATABASES)('audit log reads on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  type Event = { id: string; action: string; workspace_id: string | null; details: Record<string, unknown> };

  it('lists workspace events newest first in the supplement shape', async () => {
    const w = await workspaceWithOwner(t);
    await t.http.put(`/v1/workspaces/${w.workspaceId}/flags/f`).set(w.auth).send({ value: 1 }).expect(200);
    const res = await t.http.get(`/v1/workspaces/${w.workspaceId}/audit`).set(w.auth).expect(200);
    expect(res.body.next_cursor).toBeNull();
    const actions = res.body.events.map((e: Event) => e.action);
    // The workspace and its dev environment share one instant: their order is by id.
    expect(actions.slice(0, 2)).toEqual(['flag.created', 'environment.created']);
    // The owner's sign-in shows too (spec, Events: auth-related events appear on the audit route).
    expect(actions.slice(2).sort()).toEqual(['auth.signed_in', 'environment.created', 'workspace.created']);
    expect(res.body.events[0]).toEqual({
      id: expect.any(String),
      action: 'flag.created',
      actor: { kind: 'user', id: await userIdOf(t, w.owner.email) },
      organization_id: w.owner.organizationId,
      workspace_id: w.workspaceId,
      target: { type: 'flag', id: 'f' },
      details: {},
      ip: expect.any(String),
      created_at: expect.any(String),
    });
  });

  it('pages with an opaque cursor, filters by action, and the organization route includes its workspaces', async () => {
    const w = await workspaceWithOwner(t);
    for (let i = 0; i < 5; i++) {
      await t.http
        .put(`/v1/workspaces/${w.workspaceId}/flags/f${i}`)
        .set(w.auth)
        .send({ value: i })
        .expect(200);
    }
    const url = `/v1/workspaces/${w.workspaceId}/audit`;
    const all = (await t.http.get(`${url}?limit=200`).set(w.auth).expect(200)).body.events as Event[];
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=3&before=${encodeURIComponent(cursor)}` : '?limit=3';
      const page = await t.http.get(`${url}${query}`).set(w.auth).expect(200);
      expect(page.body.events.length).toBeLessThanOrEqual(3);
      seen.push(...page.body.events.map((e: Event) => e.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.map((e) => e.id));
    // 5 flags, the workspace, its 2 environments, and the owner's sign-in.
    expect(all).toHaveLength(9);

    const created = await t.http.get(`${url}?action=flag.created&limit=2`).set(w.auth).expect(200);
    expect(created.body.events.map((e: Event) => e.action)).toEqual(['flag.created', 'flag.created']);
    expect(created.body.next_cursor).toEqual(expect.any(String));

    const org = await t.http
      .get(`/v1/organizations/${w.owner.organizationId}/audit?limit=200`)
      .set(w.auth)
      .expect(200);
    const orgEvents = org.body.events as Event[];
    expect(orgEvents.map((e) => e.id)).toEqual(expect.arrayContaining(all.map((e) => e.id)));
    expect(orgEvents.some((e) => e.workspace_id === null)).toBe(true);
    expect(orgEvents.length).toBeGreaterThan(all.length);
  });

  it('counts the events of secrets, M2M clients and flags in the quota, as the audit route lists them', async () => {
    const w = await workspaceWithOwner(t);
    const quotaCount = async () => {
      const quota = await t.http
        .get(`/v1/organizations/${w.owner.organizationId}/quota`)
        .set(w.auth)
        .expect(200);
      return quota.body.limits.find((l: { key: string }) => l.key === 'audit.events').current as number;
    };
    const before = await quotaCount();
    await t.http
      .put(`/v1/workspaces/${w.workspaceId}/secrets/K`)
      .set(w.auth)
      .send({ value: 'quota-v' })
      .expect(201);
    await t.http.get(`/v1/workspaces/${w.workspaceId}/secrets/K`).set(w.auth).expect(200);
    await t.http.put(`/v1/workspaces/${w.workspaceId}/flags/f`).set(w.auth).send({ value: 1 }).expect(200);
    await t.http
      .post(`/v1/workspaces/${w.workspaceId}/m2m/clients`)
      .set(w.auth)
      .send({ name: 'c', scopes: [] })
      .expect(201);
    expect(await quotaCount()).toBe(before + 4);
    const org = await t.http
      .get(`/v1/organizations/${w.owner.organizationId}/audit?limit=200`)
      .set(w.auth)
      .expect(200);
    expect(org.body.events).toHaveLength(before + 4);
    expect(org.body.events.slice(0, 4).map((e: Event) => e.action)).toEqual([
      'm2m_client.created',
      'flag.created',
      'secret.revealed',
      'secret.created',
    ]);
  });

  it("shows members' sign-ins, sign-outs and password changes where they hold a role, from when they joined", async () => {
    const w = await workspaceWithOwner(t);
    const ownerId = await userIdOf(t, w.owner.email);
    const outsider = await organizationWithOwner(t);
    const outsiderId = await userIdOf(t, outsider.email);
    /** The events recorded with no organization, as `<action> <actor>`. */
    const accountEvents = async (url: string, auth: Record<string, string>) => {
      const res = await t.http.get(`${url}?limit=200`).set(auth).expect(200);
      return (res.body.events as (Event & { actor: { id: string }; organization_id: string | null })[])
        .filter((e) => e.organization_id === null)
        .map((e) => `${e.action} ${e.actor.id === ownerId ? 'owner' : e.actor.id}`);
    };
    const workspaceUrl = `/v1/workspaces/${w.workspaceId}/audit`;
    const organizationUrl = `/v1/organizations/${w.owner.organizationId}/audit`;
    // The operator's bootstrap made the owner's membership before this sign-in.
    expect(await accountEvents(workspaceUrl, w.auth)).toEqual(['auth.signed_in owner']);
    await t.http.post('/v1/auth/logout').send({ refresh_token: w.owner.refreshToken }).expect(204);
    const again = await t.http
      .post('/v1/auth/token')
      .send({ email: w.owner.email, password: w.owner.password })
      .expect(200);
    const auth = bearer(again.body.access_token);
    await t.http
      .post('/v1/me/password')
      .set(auth)
      .send({ current_password: w.owner.password, new_password: 'owner-password-2' })
      .expect(204);
    const expected = [
      'user.password_changed owner',
      'auth.signed_in owner',
      'auth.signed_out owner',
      'auth.signed_in owner',
    ];
    const read = (url: string) => accountEvents(url, auth);
    expect(await read(workspaceUrl)).toEqual(expected);
    expect(await read(organizationUrl)).toEqual(expected);
    // A member's sign-ins before they joined, and anyone else's, stay out.
    await grantRole(t, outsiderId, { type: 'workspace', id: w.workspaceId }, 'writer');
    expect(await read(workspaceUrl)).toEqual(expected);
    await t.http
      .post('/v1/auth/token')
      .send({ email: outsider.email, password: outsider.password })
      .expect(200);
    expect(await read(workspaceUrl)).toEqual([`auth.signed_in ${outsiderId}`, ...expected]);
    expect(await read(organizationUrl)).toEqual([`auth.signed_in ${outsiderId}`, ...expected]);
    // The quota counts what the organization's audit route lists.
    const quota = await t.http.get(`/v1/organizations/${w.owner.organizationId}/quota`).set(auth).expect(200);
    const listed = await t.http.get(`${organizationUrl}?limit=200`).set(auth).expect(200);
    expect(quota.body.limits.find((l: { key: string }) => l.key === 'audit.events').current).toBe(
      listed.body.events.length,
    );
  });

  it('rejects a limit outside 1 to 200 and a malformed cursor with 422', async () => {
    const w = await workspaceWithOwner(t);
    const url = `/v1/workspaces/${w.workspaceId}/audit`;
    for (const query of ['limit=0', 'limit=201', 'limit=abc', 'limit=1.5', 'limit=-1']) {
      const res = await t.http.get(`${url}?${query}`).set(w.auth).expect(422);
      expect(res.body.code).toBe('invalid_limit');
    }
    for (const before of ['nonsense', 'zz-1234', `${Date.now().toString(36)}-xyz`]) {
      const res = await t.http.get(`${url}?before=${before}`).set(w.auth).expect(422);
      expect(res.body.code).toBe('invalid_cursor');
    }
    await t.http.get(`${url}?limit=1`).set(w.auth).expect(200);
    await t.http.get(`${url}?limit=200`).set(w.auth).expect(200);
    // Default 50; an empty action filters nothing.
    for (let i = 0; i < 50; i++) {
      await t.http
        .put(`/v1/workspaces/${w.workspaceId}/flags/f${i}`)
        .set(w.auth)
        .send({ value: i })
        .expect(200);
    }
    const page = await t.http.get(`${url}?action=`).set(w.auth).expect(200);
    expect(page.body.events).toHaveLength(50);
    // Empty `limit=` and `before=` are the same as leaving them out.
    const blank = await t.http.get(`${url}?limit=&before=`).set(w.auth).expect(200);
    expect(blank.body.events).toEqual(page.body.events);
    expect(page.body.next_cursor).toEqual(expect.any(String));
    const next = await t.http
      .get(`${url}?before=${encodeURIComponent(page.body.next_cursor)}`)
      .set(w.auth)
      .expect(200);
    expect(next.body.events.length).toBeGreaterThan(0);
    expect(next.body.next_cursor).toBeNull();
  });

  it('needs administer on the scope', async () => {
    const w = await workspaceWithOwner(t);
    const other = await organizationWithOwner(t);
    const otherId = await userIdOf(t, other.email);
    await grantRole(t, otherId, { type: 'workspace', id: w.workspaceId }, 'writer');
    const writer = bearer(other.token);
    expect(
      (await t.http.get(`/v1/workspaces/${w.workspaceId}/audit`).set(writer).expect(403)).body.code,
    ).toBe('permission_denied');
    await t.http.get(`/v1/organizations/${w.owner.organizationId}/audit`).set(writer).expect(403);
    // A workspace admin reads the workspace's log, not the organization's.
    const third = await organizationWithOwner(t);
    await grantRole(t, await userIdOf(t, third.email), { type: 'workspace', id: w.workspaceId }, 'admin');
    await t.http.get(`/v1/workspaces/${w.workspaceId}/audit`).set(bearer(third.token)).expect(200);
    await t.http
      .get(`/v1/organizations/${w.owner.organizationId}/audit`)
      .set(bearer(third.token))
      .expect(403);
    await grantRole(t, otherId, { type: 'account', id: w.owner.organizationId }, 'admin');
    await t.http.get(`/v1/organizations/${w.owner.organizationId}/audit`).set(writer).expect(200);
    await t.http.get(`/v1/workspaces/${w.workspaceId}/audit`).set(writer).expect(200);
    await t.http.get('/v1/workspaces/00000000-0000-4000-8000-000000000000/audit').set(w.auth).expect(404);
    await t.http.get(`/v1/workspaces/${w.workspaceId}/audit`).expect(401);
  });

  it('removes secret-like values from details when read', async () => {
    const w = await workspaceWithOwner(t);
    const uow = await t.running.container.getAsync<UnitOfWork>(UNIT_OF_WORK);
    await uow.transaction((tx) =>
      tx.audit.append({
        id: randomUUID(),
        action: 'test.sensitive',
        actor: { kind: 'system', id: 'system' },
        organizationId: w.owner.organizationId,
        workspaceId: w.workspaceId,
        target: { type: 'thing', id: '1' },
        details: {
          name: 'visible',
          password: 'hunter2-password',
          client_secret: 'cs-123',
          nested: { api_key: 'k-1', note: 'Bearer abc.def.ghi', url: 'postgres://u:p4ss@h/db' },
          list: ['plain', 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'],
          value: 'raw-secret-value',
          count: 3,
        },
        ip: null,
        createdAt: new Date(),
      }),
    );
    const res = await t.http
      .get(`/v1/workspaces/${w.workspaceId}/audit?action=test.sensitive`)
      .set(w.auth)
      .expect(200);
    expect(res.body.events[0].details).toEqual({
      name: 'visible',
      password: '[redacted]',
      client_secret: '[redacted]',
      nested: { api_key: '[redacted]', note: '[redacted]', url: '[redacted]' },
      list: ['plain', '[redacted]'],
      value: '[redacted]',
      count: 3,
    });
  });
});
