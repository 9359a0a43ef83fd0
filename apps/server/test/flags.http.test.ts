import { bearer, operator, organizationWithOwner } from './support/api';
import { grantRole, userIdOf } from './support/seed';
import { DATABASES, startTestServer, type TestServer } from './support/test-server';
import { workspaceWithOwner } from './support/workspace';

describe.each(DATABASES)('feature flags on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const flags = (workspaceId: string) => `/v1/workspaces/${workspaceId}/flags`;

  async function m2mToken(w: Awaited<ReturnType<typeof workspaceWithOwner>>) {
    const client = await t.http
      .post(`/v1/workspaces/${w.workspaceId}/m2m/clients`)
      .set(w.auth)
      .send({ name: 'app', scopes: [] })
      .expect(201);
    const token = await t.http
      .post(`/v1/workspaces/${w.workspaceId}/m2m/token`)
      .send({ client_id: client.body.client_id, client_secret: client.body.client_secret })
      .expect(200);
    return bearer(token.body.access_token);
  }

  it('puts any JSON value, lists by key, deletes with 204 then 404', async () => {
    const w = await workspaceWithOwner(t);
    const values: Record<string, unknown> = {
      'checkout.v2': true,
      'max-items': 25,
      banner_text: 'Hello',
      nothing: null,
      layout: { columns: [1, 2], theme: { dark: false } },
    };
    for (const [key, value] of Object.entries(values)) {
      const res = await t.http
        .put(`${flags(w.workspaceId)}/${key}`)
        .set(w.auth)
        .send({ value })
        .expect(200);
      expect(res.body).toEqual({ key, value, updated_at: expect.any(String) });
    }
    const list = await t.http.get(flags(w.workspaceId)).set(w.auth).expect(200);
    expect(list.body.flags.map((f: { key: string; value: unknown }) => [f.key, f.value])).toEqual([
      ['banner_text', 'Hello'],
      ['checkout.v2', true],
      ['layout', { columns: [1, 2], theme: { dark: false } }],
      ['max-items', 25],
      ['nothing', null],
    ]);
    await t.http
      .put(`${flags(w.workspaceId)}/max-items`)
      .set(w.auth)
      .send({ value: 30 })
      .expect(200);
    await t.http
      .delete(`${flags(w.workspaceId)}/max-items`)
      .set(w.auth)
      .expect(204);
    const again = await t.http
      .delete(`${flags(w.workspaceId)}/max-items`)
      .set(w.auth)
      .expect(404);
    expect(again.body.code).toBe('flag_not_found');
    expect((await t.http.get(flags(w.workspaceId)).set(w.auth)).body.flags).toHaveLength(4);
  });

  it('refuses reserved keys with 400 and invalid keys or bodies with 422, writing nothing', async () => {
    const w = await workspaceWithOwner(t);
    for (const key of ['compare', 'promote', 'runtime']) {
      const put = await t.http
        .put(`${flags(w.workspaceId)}/${key}`)
        .set(w.auth)
        .send({ value: 1 })
        .expect(400);
      expect(put.body.code).toBe('reserved_flag_key');
      const del = await t.http
        .delete(`${flags(w.workspaceId)}/${key}`)
        .set(w.auth)
        .expect(400);
      expect(del.body.code).toBe('reserved_flag_key');
    }
    // Keys are case-sensitive, and only the lowercase words are reserved, on every route alike.
    for (const key of ['Compare', 'PROMOTE', 'Runtime']) {
      const put = await t.http
        .put(`${flags(w.workspaceId)}/${key}`)
        .set(w.auth)
        .send({ value: key })
        .expect(200);
      expect(put.body).toMatchObject({ key, value: key });
      await t.http
        .delete(`${flags(w.workspaceId)}/${key}`)
        .set(w.auth)
        .expect(204);
    }
    for (const key of ['a'.repeat(129), 'has space', 'semi;colon', 'ünï']) {
      const res = await t.http
        .put(`${flags(w.workspaceId)}/${encodeURIComponent(key)}`)
        .set(w.auth)
        .send({ value: 1 })
        .expect(422);
      expect(res.body.code).toBe('invalid_flag_key');
    }
    await t.http
      .put(`${flags(w.workspaceId)}/${'a'.repeat(128)}`)
      .set(w.auth)
      .send({ value: 1 })
      .expect(200);
    await t.http
      .put(`${flags(w.workspaceId)}/ok`)
      .set(w.auth)
      .send({})
      .expect(422);
    await t.http
      .put(`${flags(w.workspaceId)}/ok`)
      .set(w.auth)
      .send({ value: 1, other: 2 })
      .expect(422);
    await t.http
      .put(`${flags(w.workspaceId)}/ok`)
      .set(w.auth)
      .set('Content-Type', 'application/json')
      .send('{"value": ')
      .expect(400);
    // A value is at most 8 KiB of JSON text (UTF-8), so /flags/runtime stays bounded.
    const atLimit = 'é'.repeat((8192 - 2) / 2); // 2 bytes each, plus the quotes
    await t.http
      .put(`${flags(w.workspaceId)}/big`)
      .set(w.auth)
      .send({ value: atLimit })
      .expect(200);
    const tooBig = await t.http
      .put(`${flags(w.workspaceId)}/bigger`)
      .set(w.auth)
      .send({ value: `${atLimit}x` })
      .expect(422);
    expect(tooBig.body).toMatchObject({ code: 'invalid_flag_value', errors: [{ field: 'value' }] });
    const list = await t.http.get(flags(w.workspaceId)).set(w.auth).expect(200);
    expect(list.body.flags.map((f: { key: string }) => f.key)).toEqual(['a'.repeat(128), 'big']);
  });

  it('needs read to list and write to change; frozen workspaces refuse changes', async () => {
    const w = await workspaceWithOwner(t);
    await t.http
      .put(`${flags(w.workspaceId)}/f`)
      .set(w.auth)
      .send({ value: 1 })
      .expect(200);
    const other = await organizationWithOwner(t);
    await grantRole(t, await userIdOf(t, other.email), { type: 'workspace', id: w.workspaceId }, 'member');
    const member = bearer(other.token);
    await t.http.get(flags(w.workspaceId)).set(member).expect(200);
    await t.http
      .get(`${flags(w.workspaceId)}/runtime`)
      .set(member)
      .expect(200);
    const put = await t.http
      .put(`${flags(w.workspaceId)}/f`)
      .set(member)
      .send({ value: 2 })
      .expect(403);
    expect(put.body.code).toBe('permission_denied');
    await t.http
      .delete(`${flags(w.workspaceId)}/f`)
      .set(member)
      .expect(403);
    const stranger = bearer((await organizationWithOwner(t)).token);
    await t.http.get(flags(w.workspaceId)).set(stranger).expect(403);
    await t.http
      .get(`${flags(w.workspaceId)}/runtime`)
      .set(stranger)
      .expect(403);

    await t.http
      .patch(`/v1/operator/workspaces/${w.workspaceId}`)
      .set(operator)
      .send({ frozen: true })
      .expect(200);
    const frozen = await t.http
      .put(`${flags(w.workspaceId)}/f`)
      .set(w.auth)
      .send({ value: 3 })
      .expect(403);
    expect(frozen.body.code).toBe('workspace_frozen');
    await t.http
      .delete(`${flags(w.workspaceId)}/f`)
      .set(w.auth)
      .expect(403);
    await t.http
      .get(`${flags(w.workspaceId)}/runtime`)
      .set(w.auth)
      .expect(200);
  });

  it('serves the compact runtime read with a weak ETag and 304 on If-None-Match', async () => {
    const w = await workspaceWithOwner(t);
    await t.http
      .put(`${flags(w.workspaceId)}/b`)
      .set(w.auth)
      .send({ value: { x: 1 } })
      .expect(200);
    await t.http
      .put(`${flags(w.workspaceId)}/a`)
      .set(w.auth)
      .send({ value: 'on' })
      .expect(200);
    const first = await t.http
      .get(`${flags(w.workspaceId)}/runtime`)
      .set(w.auth)
      .expect(200);
    expect(first.body).toEqual({ a: 'on', b: { x: 1 } });
    expect(first.text).toBe('{"a":"on","b":{"x":1}}');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const cached = await t.http
      .get(`${flags(w.workspaceId)}/runtime`)
      .set(w.auth)
      .set('If-None-Match', etag)
      .expect(304);
    expect(cached.text).toBe('');
    expect(cached.headers.etag).toBe(etag);
    await t.http
      .get(`${flags(w.workspaceId)}/runtime`)
      .set(w.auth)
      .set('If-None-Match', `"other", ${etag.slice(2)}`)
      .expect(304);
    await t.http
      .get(`${flags(w.workspaceId)}/runtime`)
      .set(w.auth)
      .set('If-None-Match', '"other"')
      .expect(200);

    const token = await m2mToken(w);
    const viaM2m = await t.http
      .get(`${flags(w.workspaceId)}/runtime`)
      .set(token)
      .expect(200);
    expect(viaM2m.headers.etag).toBe(etag);
    await t.http
      .get(`${flags(w.workspaceId)}/runtime`)
      .set(token)
      .set('If-None-Match', etag)
      .expect(304);

    await t.http
      .put(`${flags(w.workspaceId)}/a`)
      .set(w.auth)
      .send({ value: 'off' })
      .expect(200);
    const changed = await t.http
      .get(`${flags(w.workspaceId)}/runtime`)
      .set(w.auth)
      .set('If-None-Match', etag)
      .expect(200);
    expect(changed.body).toEqual({ a: 'off', b: { x: 1 } });
    expect(changed.headers.etag).not.toBe(etag);

    const empty = await workspaceWithOwner(t);
    expect(
      (
        await t.http
          .get(`${flags(empty.workspaceId)}/runtime`)
          .set(empty.auth)
          .expect(200)
      ).body,
    ).toEqual({});
  });

  it('M2M tokens read flags of their own workspace only and cannot write', async () => {
    const w = await workspaceWithOwner(t);
    await t.http
      .put(`${flags(w.workspaceId)}/f`)
      .set(w.auth)
      .send({ value: 1 })
      .expect(200);
    const token = await m2mToken(w);
    for (const res of [
      await t.http
        .put(`${flags(w.workspaceId)}/f`)
        .set(token)
        .send({ value: 2 }),
      await t.http.delete(`${flags(w.workspaceId)}/f`).set(token),
    ]) {
      expect([res.status, res.body.code]).toEqual([403, 'caller_kind_not_allowed']);
    }
    // Read-only on flags: the list too, in its own workspace.
    const list = await t.http.get(flags(w.workspaceId)).set(token).expect(200);
    expect(list.body).toEqual({ flags: [{ key: 'f', value: 1, updated_at: expect.any(String) }] });
    const other = await workspaceWithOwner(t);
    for (const url of [`${flags(other.workspaceId)}/runtime`, flags(other.workspaceId)]) {
      expect((await t.http.get(url).set(token).expect(403)).body.code).toBe('permission_denied');
    }
    expect((await t.http.get(`${flags(w.workspaceId)}/runtime`).set(w.auth)).body).toEqual({ f: 1 });
  });
});
