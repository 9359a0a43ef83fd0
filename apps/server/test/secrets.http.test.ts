import { randomUUID } from 'node:crypto';
import { secretContext, UNIT_OF_WORK, type UnitOfWork } from '@groundfloor/domain';
import { bearer, operator, organizationWithOwner } from './support/api';
import { grantRole, userIdOf } from './support/seed';
import { type SwitchableKeyManagement, switchableKms } from './support/switchable-kms';
import { DATABASES, startTestServer, type TestServer } from './support/test-server';
import { workspaceWithOwner } from './support/workspace';

// Every value used in this file: none may appear in a log line, an error, a list or an audit record.
const VALUES = {
  db: 'postgres://app:s3cr3t-Db-Pa55@db.internal/app',
  api: 'sk_live_AbCdEf0123456789XyZ',
  prod: 'prod-only-value-7a1b',
  changed: 'rotated-value-99c1',
  kmsDown: 'value-written-while-kms-down-42',
  managedDb: 'postgres://managed:m4n4g3d-Pa55@db.platform.internal/ws',
  managedApi: 'dp_managed_QwErTy0123456789AbC',
};

describe.each(DATABASES)('secrets on %s', (kind) => {
  let t: TestServer;
  let kms: SwitchableKeyManagement;
  beforeAll(async () => {
    const switchable = switchableKms();
    kms = switchable.kms;
    t = await startTestServer(kind, {}, [switchable.module]);
  });
  afterAll(async () => {
    await t.close();
  });

  const base = (workspaceId: string) => `/v1/workspaces/${workspaceId}/secrets`;

  async function memberWith(workspaceId: string, role: 'writer' | 'member') {
    const other = await organizationWithOwner(t);
    await grantRole(t, await userIdOf(t, other.email), { type: 'workspace', id: workspaceId }, role);
    return bearer(other.token);
  }

  async function auditActions(w: Awaited<ReturnType<typeof workspaceWithOwner>>) {
    const res = await t.http.get(`/v1/workspaces/${w.workspaceId}/audit?limit=200`).set(w.auth).expect(200);
    return res.body.events as { action: string; details: Record<string, unknown> }[];
  }

  it('refuses environment_id in bracket form (422) instead of writing to the workspace-wide set', async () => {
    const w = await workspaceWithOwner(t);
    const refused = await t.http
      .put(`${base(w.workspaceId)}/MISPLACED?environment_id[]=${w.prodId}`)
      .set(w.auth)
      .send({ value: VALUES.prod })
      .expect(422);
    expect(refused.body.errors).toEqual([
      { field: 'environment_id', message: 'must be given once, as text' },
    ]);
    const listed = await t.http.get(base(w.workspaceId)).set(w.auth).expect(200);
    expect(listed.body.secrets).toEqual([]);
  });

  it('upserts (201 then 200) with metadata only, lists without values, reveals with an audit event', async () => {
    const w = await workspaceWithOwner(t);
    const created = await t.http
      .put(`${base(w.workspaceId)}/DATABASE_URL`)
      .set(w.auth)
      .send({ value: VALUES.db, description: 'main database' })
      .expect(201);
    expect(created.body).toEqual({
      key: 'DATABASE_URL',
      description: 'main database',
      environment_id: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const updated = await t.http
      .put(`${base(w.workspaceId)}/DATABASE_URL`)
      .set(w.auth)
      .send({ value: VALUES.changed })
      .expect(200);
    expect(updated.body).toMatchObject({ key: 'DATABASE_URL', description: 'main database' });
    expect(JSON.stringify(updated.body)).not.toContain(VALUES.changed);

    const list = await t.http.get(base(w.workspaceId)).set(w.auth).expect(200);
    expect(list.body).toEqual({
      secrets: [{ key: 'DATABASE_URL', description: 'main database', environment_id: null }],
      environment_id: null,
    });

    const revealed = await t.http
      .get(`${base(w.workspaceId)}/DATABASE_URL`)
      .set(w.auth)
      .expect(200);
    expect(revealed.body).toEqual({
      key: 'DATABASE_URL',
      value: VALUES.changed,
      description: 'main database',
      environment_id: null,
    });
    const events = await auditActions(w);
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['secret.created', 'secret.updated', 'secret.revealed']),
    );
    expect(events.find((e) => e.action === 'secret.revealed')?.details).toEqual({
      name: 'DATABASE_URL',
      environment_id: null,
    });
    expect(JSON.stringify(events)).not.toContain(VALUES.changed);
    expect(JSON.stringify(events)).not.toContain(VALUES.db);
  });

  it('reads the secrets named COMPARE and PROMOTE, not the compare and promote routes (paths are case-sensitive)', async () => {
    const w = await workspaceWithOwner(t);
    for (const key of ['COMPARE', 'PROMOTE', 'Compare'])
      await t.http
        .put(`${base(w.workspaceId)}/${key}`)
        .set(w.auth)
        .send({ value: `value of ${key}` })
        .expect(201);
    for (const key of ['COMPARE', 'PROMOTE', 'Compare']) {
      const read = await t.http
        .get(`${base(w.workspaceId)}/${key}`)
        .set(w.auth)
        .expect(200);
      expect(read.body).toMatchObject({ key, value: `value of ${key}` });
    }
    // POST is not a method of a secret's path: nothing is promoted.
    await t.http
      .post(`${base(w.workspaceId)}/PROMOTE`)
      .set(w.auth)
      .send({ source_environment_id: w.devId, target_environment_id: w.prodId })
      .expect(405);
    const prod = await t.http
      .get(`${base(w.workspaceId)}?environment_id=${w.prodId}`)
      .set(w.auth)
      .expect(200);
    expect(prod.body.secrets).toEqual([]);
    // Nor does a route answer under another case of its path.
    await t.http.get(`/V1/workspaces/${w.workspaceId}/secrets`).set(w.auth).expect(404);
  });

  it('keeps workspace-wide and per-environment sets apart; an unknown environment is 404', async () => {
    const w = await workspaceWithOwner(t);
    await t.http
      .put(`${base(w.workspaceId)}/API_KEY`)
      .set(w.auth)
      .send({ value: VALUES.api })
      .expect(201);
    const put = await t.http
      .put(`${base(w.workspaceId)}/API_KEY?environment_id=${w.prodId}`)
      .set(w.auth)
      .send({ value: VALUES.prod })
      .expect(201);
    expect(put.body.environment_id).toBe(w.prodId);
    const prodList = await t.http
      .get(`${base(w.workspaceId)}?environment_id=${w.prodId}`)
      .set(w.auth)
      .expect(200);
    expect(prodList.body).toEqual({
      secrets: [{ key: 'API_KEY', description: null, environment_id: w.prodId }],
      environment_id: w.prodId,
    });
    const devList = await t.http
      .get(`${base(w.workspaceId)}?environment_id=${w.devId}`)
      .set(w.auth)
      .expect(200);
    expect(devList.body).toEqual({ secrets: [], environment_id: w.devId });
    const prodValue = await t.http
      .get(`${base(w.workspaceId)}/API_KEY?environment_id=${w.prodId}`)
      .set(w.auth)
      .expect(200);
    expect(prodValue.body.value).toBe(VALUES.prod);
    const wideValue = await t.http
      .get(`${base(w.workspaceId)}/API_KEY`)
      .set(w.auth)
      .expect(200);
    expect(wideValue.body.value).toBe(VALUES.api);

    const other = await workspaceWithOwner(t);
    for (const environmentId of [other.devId, '00000000-0000-4000-8000-000000000000', 'prod']) {
      const res = await t.http
        .get(`${base(w.workspaceId)}?environment_id=${environmentId}`)
        .set(w.auth)
        .expect(404);
      expect(res.body.code).toBe('environment_not_found');
      await t.http
        .put(`${base(w.workspaceId)}/X?environment_id=${environmentId}`)
        .set(w.auth)
        .send({ value: 'v' })
        .expect(404);
    }
    await t.http
      .get(`${base(w.workspaceId)}/NOPE`)
      .set(w.auth)
      .expect(404);
  });

  it('validates key, value and description with 422 and writes nothing', async () => {
    const w = await workspaceWithOwner(t);
    const cases: [string, Record<string, unknown>, string][] = [
      ['1STARTS_WITH_DIGIT', { value: 'v' }, 'invalid_secret_key'],
      ['HAS-DASH', { value: 'v' }, 'invalid_secret_key'],
      ['A'.repeat(257), { value: 'v' }, 'invalid_secret_key'],
      ['OK', { value: 'v'.repeat(10_001) }, 'invalid_secret_value'],
      ['OK', { value: 'v', description: 'd'.repeat(256) }, 'invalid_secret_description'],
      ['OK', { description: 'no value' }, 'validation_failed'],
      ['OK', { value: 42 }, 'validation_failed'],
      ['OK', { value: 'v', extra: true }, 'validation_failed'],
    ];
    for (const [key, body, code] of cases) {
      const res = await t.http
        .put(`${base(w.workspaceId)}/${key}`)
        .set(w.auth)
        .send(body)
        .expect(422);
      expect(res.body.code).toBe(code);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    await t.http
      .put(`${base(w.workspaceId)}/${'A'.repeat(256)}`)
      .set(w.auth)
      .send({ value: 'v'.repeat(10_000) })
      .expect(201);
    // HEAD is refused on the reveal route: it would be an audited reveal that shows nothing.
    const head = await t.http
      .head(`${base(w.workspaceId)}/ESCAPED`)
      .set(w.auth)
      .expect(405);
    expect(head.headers.allow).toBe('GET, PUT, DELETE');
    // 10,000 characters written as JSON escapes of astral characters (as Python's json.dumps does) fit too.
    const escaped = `{"value":"${'\\ud83d\\ude00'.repeat(10_000)}"}`;
    await t.http
      .put(`${base(w.workspaceId)}/ESCAPED`)
      .set(w.auth)
      .set('Content-Type', 'application/json')
      .send(escaped)
      .expect(201);
    const revealed = await t.http
      .get(`${base(w.workspaceId)}/ESCAPED`)
      .set(w.auth)
      .expect(200);
    expect([...revealed.body.value]).toHaveLength(10_000);
    await t.http
      .put(`${base(w.workspaceId)}/_under_score9`)
      .set(w.auth)
      .send({ value: '', description: 'd'.repeat(255) })
      .expect(201);
    const list = await t.http.get(base(w.workspaceId)).set(w.auth).expect(200);
    expect(list.body.secrets.map((s: { key: string }) => s.key).sort()).toEqual([
      'A'.repeat(256),
      'ESCAPED',
      '_under_score9',
    ]);
  });

  it('counts lengths in characters; null clears a description, omitted keeps it; an empty environment_id is workspace-wide', async () => {
    const w = await workspaceWithOwner(t);
    await t.http
      .put(`${base(w.workspaceId)}/EMOJI`)
      .set(w.auth)
      .send({ value: '😀'.repeat(10_000), description: 'é'.repeat(255) })
      .expect(201);
    const long = await t.http
      .put(`${base(w.workspaceId)}/EMOJI`)
      .set(w.auth)
      .send({ value: '😀'.repeat(10_001) })
      .expect(422);
    expect(long.body.code).toBe('invalid_secret_value');
    const longDescription = await t.http
      .put(`${base(w.workspaceId)}/EMOJI`)
      .set(w.auth)
      .send({ value: 'v', description: '😀'.repeat(256) })
      .expect(422);
    expect(longDescription.body.code).toBe('invalid_secret_description');

    await t.http
      .put(`${base(w.workspaceId)}/DESCRIBED`)
      .set(w.auth)
      .send({ value: 'v', description: 'kept' })
      .expect(201);
    const kept = await t.http
      .put(`${base(w.workspaceId)}/DESCRIBED`)
      .set(w.auth)
      .send({ value: 'w' })
      .expect(200);
    expect(kept.body.description).toBe('kept');
    const cleared = await t.http
      .put(`${base(w.workspaceId)}/DESCRIBED`)
      .set(w.auth)
      .send({ value: 'w', description: null })
      .expect(200);
    expect(cleared.body.description).toBeNull();
    const createdBare = await t.http
      .put(`${base(w.workspaceId)}/BARE`)
      .set(w.auth)
      .send({ value: 'v', description: null })
      .expect(201);
    expect(createdBare.body.description).toBeNull();
    await t.http
      .put(`${base(w.workspaceId)}/BARE`)
      .set(w.auth)
      .send({ value: 'v', description: 5 })
      .expect(422);

    const empty = await t.http
      .get(`${base(w.workspaceId)}?environment_id=`)
      .set(w.auth)
      .expect(200);
    expect(empty.body.environment_id).toBeNull();
    expect(empty.body.secrets.map((x: { key: string }) => x.key)).toEqual(['BARE', 'DESCRIBED', 'EMOJI']);
    const put = await t.http
      .put(`${base(w.workspaceId)}/WIDE?environment_id=`)
      .set(w.auth)
      .send({ value: 'v' })
      .expect(201);
    expect(put.body.environment_id).toBeNull();
    // Spec, Secret: a key outside the rule is 422 wherever it is given, reveal and delete included.
    for (const name of ['1abc', 'has-dash', 'A'.repeat(257)]) {
      for (const method of ['get', 'delete'] as const) {
        const res = await t.http[method](`${base(w.workspaceId)}/${name}`)
          .set(w.auth)
          .expect(422);
        expect(res.body.code).toBe('invalid_secret_key');
        expect(res.body.errors).toEqual([{ field: 'key', message: 'not a valid secret key' }]);
      }
    }
    await t.http
      .get(`${base(w.workspaceId)}/${'A'.repeat(256)}`)
      .set(w.auth)
      .expect(404);
  });

  it('accepts ids in upper case and still opens the value through their canonical form', async () => {
    const w = await workspaceWithOwner(t);
    const upper = `/v1/workspaces/${w.workspaceId.toUpperCase()}/secrets`;
    for (const query of ['', `?environment_id=${w.devId.toUpperCase()}`]) {
      const put = await t.http
        .put(`${upper}/CASED${query}`)
        .set(w.auth)
        .send({ value: 'cased-value' })
        .expect(201);
      expect(put.body.environment_id).toBe(query ? w.devId : null);
      const list = await t.http.get(`${upper}${query}`).set(w.auth).expect(200);
      expect(list.body.environment_id).toBe(query ? w.devId : null);
    }
    for (const query of ['', `?environment_id=${w.devId}`]) {
      const revealed = await t.http
        .get(`${base(w.workspaceId)}/CASED${query}`)
        .set(w.auth)
        .expect(200);
      expect(revealed.body.value).toBe('cased-value');
    }
  });

  it('treats compare and promote as ordinary keys outside their own routes', async () => {
    const w = await workspaceWithOwner(t);
    for (const key of ['compare', 'promote']) {
      for (const query of ['', `?environment_id=${w.devId}`]) {
        const put = await t.http
          .put(`${base(w.workspaceId)}/${key}${query}`)
          .set(w.auth)
          .send({ value: `${key}-value` })
          .expect(201);
        expect(put.body.key).toBe(key);
        const revealed = await t.http
          .get(`${base(w.workspaceId)}/${key}${query}`)
          .set(w.auth)
          .expect(200);
        expect(revealed.body).toMatchObject({ key, value: `${key}-value` });
      }
    }
    const list = await t.http
      .get(`${base(w.workspaceId)}?environment_id=${w.devId}`)
      .set(w.auth)
      .expect(200);
    expect(list.body.secrets.map((x: { key: string }) => x.key)).toEqual(['compare', 'promote']);
    // With a compare parameter, GET /secrets/compare is the compare route.
    const compared = await t.http
      .get(
        `${base(w.workspaceId)}/compare?source_environment_id=${w.devId}&target_environment_id=${w.prodId}`,
      )
      .set(w.auth)
      .expect(200);
    expect(compared.body.keys).toEqual([
      { key: 'compare', status: 'only_source' },
      { key: 'promote', status: 'only_source' },
    ]);
    const promoted = await t.http
      .post(`${base(w.workspaceId)}/promote`)
      .set(w.auth)
      .send({ source_environment_id: w.devId, target_environment_id: w.prodId })
      .expect(200);
    expect(promoted.body.copied).toEqual(['compare', 'promote']);
    const post = await t.http
      .post(`${base(w.workspaceId)}/compare`)
      .set(w.auth)
      .send({})
      .expect(405);
    expect(post.headers.allow).toBe('GET, PUT, DELETE');
    for (const key of ['compare', 'promote']) {
      await t.http
        .delete(`${base(w.workspaceId)}/${key}`)
        .set(w.auth)
        .expect(204);
      await t.http
        .delete(`${base(w.workspaceId)}/${key}`)
        .set(w.auth)
        .expect(404);
    }
    // No secret named compare and no compare parameters: the compare route's 422 names both.
    const bare = await t.http
      .get(`${base(w.workspaceId)}/compare`)
      .set(w.auth)
      .expect(422);
    expect(bare.body.errors).toEqual([
      { field: 'source_environment_id', message: 'required' },
      { field: 'target_environment_id', message: 'required' },
    ]);
    await t.http
      .get(`${base(w.workspaceId)}/promote`)
      .set(w.auth)
      .expect(404);
  });

  it('deletes with 204, then 404', async () => {
    const w = await workspaceWithOwner(t);
    await t.http
      .put(`${base(w.workspaceId)}/GONE`)
      .set(w.auth)
      .send({ value: 'v' })
      .expect(201);
    await t.http
      .delete(`${base(w.workspaceId)}/GONE`)
      .set(w.auth)
      .expect(204);
    const again = await t.http
      .delete(`${base(w.workspaceId)}/GONE`)
      .set(w.auth)
      .expect(404);
    expect(again.body.code).toBe('secret_not_found');
    await t.http
      .get(`${base(w.workspaceId)}/GONE`)
      .set(w.auth)
      .expect(404);
    expect((await auditActions(w)).map((e) => e.action)).toContain('secret.deleted');
  });

  it('platform-managed keys: created with the workspace, hidden, revealable, never changed or deleted', async () => {
    const w = await workspaceWithOwner(t);
    const list = await t.http.get(base(w.workspaceId)).set(w.auth).expect(200);
    expect(list.body.secrets).toEqual([]);
    const dataKey = await t.http
      .get(`${base(w.workspaceId)}/DATAPLANE_SERVICE_API_KEY`)
      .set(w.auth)
      .expect(200);
    expect(dataKey.body).toMatchObject({ key: 'DATAPLANE_SERVICE_API_KEY', environment_id: null });
    expect(dataKey.body.value).toMatch(/^\S{32,}$/);
    const other = await workspaceWithOwner(t);
    const otherKey = await t.http
      .get(`${base(other.workspaceId)}/DATAPLANE_SERVICE_API_KEY`)
      .set(other.auth)
      .expect(200);
    expect(otherKey.body.value).not.toBe(dataKey.body.value);

    for (const key of ['DATAPLANE_SERVICE_API_KEY', 'MANAGED_DATABASE_URL']) {
      for (const query of ['', `?environment_id=${w.devId}`, `?environment_id=${w.prodId}`]) {
        const put = await t.http
          .put(`${base(w.workspaceId)}/${key}${query}`)
          .set(w.auth)
          .send({ value: 'x' });
        expect([put.status, put.body.code]).toEqual([403, 'platform_managed_secret']);
        const del = await t.http.delete(`${base(w.workspaceId)}/${key}${query}`).set(w.auth);
        expect([del.status, del.body.code]).toEqual([403, 'platform_managed_secret']);
      }
    }
    const still = await t.http
      .get(`${base(w.workspaceId)}/DATAPLANE_SERVICE_API_KEY`)
      .set(w.auth)
      .expect(200);
    expect(still.body.value).toBe(dataKey.body.value);
  });

  it('checks permissions: read lists and compares, write reveals and upserts, delete deletes', async () => {
    const w = await workspaceWithOwner(t);
    await t.http
      .put(`${base(w.workspaceId)}/K`)
      .set(w.auth)
      .send({ value: 'v' })
      .expect(201);
    const member = await memberWith(w.workspaceId, 'member');
    await t.http.get(base(w.workspaceId)).set(member).expect(200);
    await t.http
      .get(
        `${base(w.workspaceId)}/compare?source_environment_id=${w.devId}&target_environment_id=${w.prodId}`,
      )
      .set(member)
      .expect(200);
    for (const res of [
      await t.http.get(`${base(w.workspaceId)}/K`).set(member),
      await t.http
        .put(`${base(w.workspaceId)}/K`)
        .set(member)
        .send({ value: 'w' }),
      await t.http.delete(`${base(w.workspaceId)}/K`).set(member),
      await t.http
        .post(`${base(w.workspaceId)}/promote`)
        .set(member)
        .send({ source_environment_id: w.devId, target_environment_id: w.prodId }),
    ]) {
      expect([res.status, res.body.code]).toEqual([403, 'permission_denied']);
    }
    const writer = await memberWith(w.workspaceId, 'writer');
    await t.http
      .get(`${base(w.workspaceId)}/K`)
      .set(writer)
      .expect(200);
    await t.http
      .put(`${base(w.workspaceId)}/K`)
      .set(writer)
      .send({ value: 'w' })
      .expect(200);
    await t.http
      .delete(`${base(w.workspaceId)}/K`)
      .set(writer)
      .expect(204);
    const stranger = bearer((await organizationWithOwner(t)).token);
    await t.http.get(base(w.workspaceId)).set(stranger).expect(403);
    await t.http.get(base('00000000-0000-4000-8000-000000000000')).set(w.auth).expect(404);
    await t.http.get(base(w.workspaceId)).expect(401);
  });

  it('compares two environments by status, never returning values', async () => {
    const w = await workspaceWithOwner(t);
    const put = (key: string, environmentId: string, value: string) =>
      t.http
        .put(`${base(w.workspaceId)}/${key}?environment_id=${environmentId}`)
        .set(w.auth)
        .send({ value });
    await put('ONLY_DEV', w.devId, 'a-value-1');
    await put('ONLY_PROD', w.prodId, 'a-value-2');
    await put('SAME', w.devId, 'same-value-3');
    await put('SAME', w.prodId, 'same-value-3');
    await put('DIFFER', w.devId, 'dev-value-4');
    await put('DIFFER', w.prodId, 'prod-value-5');
    const compare = (source: string, target: string) =>
      t.http.get(
        `${base(w.workspaceId)}/compare?source_environment_id=${source}&target_environment_id=${target}`,
      );
    const res = await compare(w.devId, w.prodId).set(w.auth).expect(200);
    expect(res.body).toEqual({
      source_environment_id: w.devId,
      target_environment_id: w.prodId,
      keys: [
        { key: 'DIFFER', status: 'both_differ' },
        { key: 'ONLY_DEV', status: 'only_source' },
        { key: 'ONLY_PROD', status: 'only_target' },
        { key: 'SAME', status: 'both_same' },
      ],
    });
    expect(JSON.stringify(res.body)).not.toMatch(/value-\d/);

    const identical = await compare(w.devId, w.devId).set(w.auth).expect(400);
    expect(identical.body.code).toBe('identical_environments');
    await t.http
      .patch(`/v1/workspaces/${w.workspaceId}/environments/${w.prodId}`)
      .set(w.auth)
      .send({ status: 'inactive' })
      .expect(200);
    const inactive = await compare(w.devId, w.prodId).set(w.auth).expect(409);
    expect(inactive.body.code).toBe('environment_inactive');
    await compare(w.devId, '00000000-0000-4000-8000-000000000000').set(w.auth).expect(404);
    const missing = await t.http
      .get(`${base(w.workspaceId)}/compare?source_environment_id=${w.devId}`)
      .set(w.auth)
      .expect(422);
    expect(missing.body.errors).toEqual([{ field: 'target_environment_id', message: 'required' }]);
  });

  it('promotes with skip_existing by default, overwrite, dry_run and per-key failures; audits keys only', async () => {
    const w = await workspaceWithOwner(t);
    const put = (key: string, environmentId: string, value: string) =>
      t.http
        .put(`${base(w.workspaceId)}/${key}?environment_id=${environmentId}`)
        .set(w.auth)
        .send({ value, description: `${key} description` })
        .expect(201);
    await put('NEW_ONE', w.devId, 'promoted-value-1');
    await put('EXISTING', w.devId, 'promoted-value-2');
    await put('EXISTING', w.prodId, 'target-value-3');
    const promote = (body: Record<string, unknown>) =>
      t.http
        .post(`${base(w.workspaceId)}/promote`)
        .set(w.auth)
        .send({ source_environment_id: w.devId, target_environment_id: w.prodId, ...body });
    const reveal = async (key: string) =>
      (await t.http.get(`${base(w.workspaceId)}/${key}?environment_id=${w.prodId}`).set(w.auth)).body.value;

    const dry = await promote({ dry_run: true, mode: 'overwrite' }).expect(200);
    expect(dry.body).toEqual({
      source_environment_id: w.devId,
      target_environment_id: w.prodId,
      mode: 'overwrite',
      dry_run: true,
      copied: ['EXISTING', 'NEW_ONE'],
      skipped: [],
      failed: [],
    });
    expect(await reveal('EXISTING')).toBe('target-value-3');
    await t.http
      .get(`${base(w.workspaceId)}/NEW_ONE?environment_id=${w.prodId}`)
      .set(w.auth)
      .expect(404);

    const skip = await promote({}).expect(200);
    expect(skip.body).toMatchObject({
      mode: 'skip_existing',
      dry_run: false,
      copied: ['NEW_ONE'],
      skipped: ['EXISTING'],
    });
    expect(await reveal('NEW_ONE')).toBe('promoted-value-1');
    expect(await reveal('EXISTING')).toBe('target-value-3');

    const overwrite = await promote({
      mode: 'overwrite',
      keys: ['EXISTING', 'MISSING', 'DATAPLANE_SERVICE_API_KEY', 'MANAGED_DATABASE_URL'],
    }).expect(200);
    expect(overwrite.body).toMatchObject({
      copied: ['EXISTING'],
      skipped: [],
      failed: [
        { key: 'MISSING', error: 'secret_not_found' },
        { key: 'DATAPLANE_SERVICE_API_KEY', error: 'platform_managed_secret' },
        { key: 'MANAGED_DATABASE_URL', error: 'platform_managed_secret' },
      ],
    });
    expect(await reveal('EXISTING')).toBe('promoted-value-2');

    for (const body of [
      { mode: 'merge' },
      { keys: ['bad-key'] },
      { dry_run: 'yes' },
      { keys: null },
      { mode: null },
      { dry_run: null },
      { extra: true },
    ]) {
      await promote(body).expect(422);
    }
    const same = await t.http
      .post(`${base(w.workspaceId)}/promote`)
      .set(w.auth)
      .send({ source_environment_id: w.devId, target_environment_id: w.devId })
      .expect(400);
    expect(same.body.code).toBe('identical_environments');

    // Every promotion is logged, the dry run too (marked as one); ids stay readable.
    const events = (await auditActions(w)).filter((e) => e.action === 'secret.promoted');
    expect(events).toHaveLength(3);
    expect(events[0]?.details).toEqual({
      source_environment_id: w.devId,
      target_environment_id: w.prodId,
      mode: 'overwrite',
      dry_run: false,
      copied: ['EXISTING'],
      skipped: [],
      failed: ['MISSING', 'DATAPLANE_SERVICE_API_KEY', 'MANAGED_DATABASE_URL'],
    });
    expect(events[2]?.details).toMatchObject({ dry_run: true, copied: ['EXISTING', 'NEW_ONE'] });
    expect(JSON.stringify(events)).not.toContain('promoted-value');
  });

  it('promote without keys leaves platform-managed keys out entirely (dry run and real), and never copies them', async () => {
    const w = await workspaceWithOwner(t);
    // The API refuses to write platform-managed keys, so the platform's own rows are
    // written the way the platform writes them: through the unit of work, sealed under
    // the source environment's context.
    const uow = await t.running.container.getAsync<UnitOfWork>(UNIT_OF_WORK);
    const managed = { MANAGED_DATABASE_URL: VALUES.managedDb, DATAPLANE_SERVICE_API_KEY: VALUES.managedApi };
    await uow.transaction(async (tx) => {
      for (const [key, value] of Object.entries(managed)) {
        const now = new Date();
        await tx.secrets.save({
          id: randomUUID(),
          workspaceId: w.workspaceId,
          environmentId: w.devId,
          key,
          description: 'managed by the platform',
          sealed: await kms.seal(new TextEncoder().encode(value), secretContext(w.workspaceId, w.devId, key)),
          createdAt: now,
          updatedAt: now,
        });
      }
    });
    await t.http
      .put(`${base(w.workspaceId)}/ORDINARY?environment_id=${w.devId}`)
      .set(w.auth)
      .send({ value: 'ordinary-value-1' })
      .expect(201);
    // The seeded rows are real: revealable in the source environment.
    const seeded = await t.http
      .get(`${base(w.workspaceId)}/MANAGED_DATABASE_URL?environment_id=${w.devId}`)
      .set(w.auth)
      .expect(200);
    expect(seeded.body.value).toBe(VALUES.managedDb);

    const promote = (body: Record<string, unknown>) =>
      t.http
        .post(`${base(w.workspaceId)}/promote`)
        .set(w.auth)
        .send({ source_environment_id: w.devId, target_environment_id: w.prodId, ...body });
    const expectManagedOutOf = (body: Record<string, unknown>) => {
      const named = JSON.stringify([body.copied, body.skipped, body.failed]);
      for (const key of Object.keys(managed)) expect(named).not.toContain(key);
    };

    for (const body of [{ dry_run: true }, { dry_run: true, mode: 'overwrite' }]) {
      const dry = await promote(body).expect(200);
      expect(dry.body).toMatchObject({ dry_run: true, copied: ['ORDINARY'], skipped: [], failed: [] });
      expectManagedOutOf(dry.body);
    }
    const real = await promote({}).expect(200);
    expect(real.body).toMatchObject({
      mode: 'skip_existing',
      dry_run: false,
      copied: ['ORDINARY'],
      skipped: [],
      failed: [],
    });
    expectManagedOutOf(real.body);
    const again = await promote({ mode: 'overwrite' }).expect(200);
    expect(again.body).toMatchObject({ copied: ['ORDINARY'], skipped: [], failed: [] });
    expectManagedOutOf(again.body);

    const inProd = (key: string) =>
      t.http.get(`${base(w.workspaceId)}/${key}?environment_id=${w.prodId}`).set(w.auth);
    expect((await inProd('ORDINARY').expect(200)).body.value).toBe('ordinary-value-1');
    for (const key of Object.keys(managed)) {
      const missing = await inProd(key).expect(404);
      expect(missing.body.code).toBe('secret_not_found');
    }
    // Nothing of the platform's reached the target set, listed or not.
    const target = await uow.read.secrets.listSet(w.workspaceId, w.prodId);
    expect(target.map((s) => s.key)).toEqual(['ORDINARY']);
    const events = (await auditActions(w)).filter((e) => e.action === 'secret.promoted');
    expect(events).toHaveLength(4);
    expect(JSON.stringify(events)).not.toMatch(/MANAGED_DATABASE_URL|DATAPLANE_SERVICE_API_KEY/);
  });

  it('refuses writes on a frozen workspace and in a suspended organization; reads and reveals still work', async () => {
    const w = await workspaceWithOwner(t);
    await t.http
      .put(`${base(w.workspaceId)}/K?environment_id=${w.devId}`)
      .set(w.auth)
      .send({ value: 'v' })
      .expect(201);
    const promote = () =>
      t.http
        .post(`${base(w.workspaceId)}/promote`)
        .set(w.auth)
        .send({ source_environment_id: w.devId, target_environment_id: w.prodId });
    const expectRefused = async (code: string) => {
      for (const res of [
        await t.http
          .put(`${base(w.workspaceId)}/K`)
          .set(w.auth)
          .send({ value: 'w' }),
        await t.http.delete(`${base(w.workspaceId)}/K?environment_id=${w.devId}`).set(w.auth),
        await promote(),
      ]) {
        expect([res.status, res.body.code]).toEqual([403, code]);
      }
      await t.http.get(base(w.workspaceId)).set(w.auth).expect(200);
      await t.http
        .get(`${base(w.workspaceId)}/K?environment_id=${w.devId}`)
        .set(w.auth)
        .expect(200);
    };
    await t.http
      .patch(`/v1/operator/workspaces/${w.workspaceId}`)
      .set(operator)
      .send({ frozen: true })
      .expect(200);
    await expectRefused('workspace_frozen');
    await t.http
      .patch(`/v1/operator/workspaces/${w.workspaceId}`)
      .set(operator)
      .send({ frozen: false })
      .expect(200);
    await t.http
      .patch(`/v1/operator/organizations/${w.owner.organizationId}`)
      .set(operator)
      .send({ suspended: true })
      .expect(200);
    await expectRefused('organization_suspended');
  });

  it('answers 502 secret_store_unavailable when the key store is down, and writes nothing', async () => {
    const w = await workspaceWithOwner(t);
    await t.http
      .put(`${base(w.workspaceId)}/KEEP?environment_id=${w.devId}`)
      .set(w.auth)
      .send({ value: 'kept-1' })
      .expect(201);
    kms.offline = true;
    try {
      const put = await t.http
        .put(`${base(w.workspaceId)}/NEW`)
        .set(w.auth)
        .send({ value: VALUES.kmsDown })
        .expect(502);
      expect(put.body).toMatchObject({ status: 502, code: 'secret_store_unavailable' });
      expect(put.body.detail).not.toContain('10.0.0.9');
      await t.http
        .put(`${base(w.workspaceId)}/KEEP?environment_id=${w.devId}`)
        .set(w.auth)
        .send({ value: VALUES.kmsDown })
        .expect(502);
      await t.http
        .get(`${base(w.workspaceId)}/KEEP?environment_id=${w.devId}`)
        .set(w.auth)
        .expect(502);
      await t.http
        .post(`${base(w.workspaceId)}/promote`)
        .set(w.auth)
        .send({ source_environment_id: w.devId, target_environment_id: w.prodId })
        .expect(502);
      const workspace = await t.http
        .post(`/v1/organizations/${w.owner.organizationId}/workspaces`)
        .set(w.auth)
        .send({ name: 'Second' })
        .expect(502);
      expect(workspace.body.code).toBe('secret_store_unavailable');
    } finally {
      kms.offline = false;
    }
    expect((await t.http.get(base(w.workspaceId)).set(w.auth)).body.secrets).toEqual([]);
    expect(
      (await t.http.get(`${base(w.workspaceId)}?environment_id=${w.prodId}`).set(w.auth)).body.secrets,
    ).toEqual([]);
    const kept = await t.http
      .get(`${base(w.workspaceId)}/KEEP?environment_id=${w.devId}`)
      .set(w.auth)
      .expect(200);
    expect(kept.body.value).toBe('kept-1');
    const workspaces = await t.http.get(`/v1/organizations/${w.owner.organizationId}/workspaces`).set(w.auth);
    expect(workspaces.body.workspaces).toHaveLength(1);
    const events = await auditActions(w);
    expect(events.filter((e) => e.action === 'secret.revealed')).toHaveLength(1);
    expect(events.filter((e) => e.action === 'secret.promoted')).toHaveLength(0);
  });

  it('never logs a secret value', () => {
    const logs = t.logs.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const value of Object.values(VALUES)) expect(logs).not.toContain(value);
    expect(logs).not.toContain('promoted-value');
  });
});
