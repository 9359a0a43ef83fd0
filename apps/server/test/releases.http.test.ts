import { gzipSync } from 'node:zlib';
import { type Release, UNIT_OF_WORK, type UnitOfWork } from '@groundfloor/domain';
import { bearer, operator, organizationWithOwner } from './support/api';
import { releaseFile, releaseRoutes } from './support/releases';
import { userIdOf } from './support/seed';
import { appSeeder } from './support/seed-apps';
import { CONCURRENT_DATABASES, startTestServer, type TestServer } from './support/test-server';
import { workspaceWithOwner } from './support/workspace';
import { buildZip } from './support/zips';

const PUBLIC_BASE_URL = 'https://api.platform.test';
const MiB = 1024 * 1024;
const UPLOAD_MAX = 33_554_432;
const js = (text: string) => Buffer.from(text, 'utf8');

describe.each(CONCURRENT_DATABASES)('releases on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { PUBLIC_BASE_URL });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A workspace with its owner, a seeder for apps, and one `shell_federated` app. */
  async function shellWorld() {
    const w = await workspaceWithOwner(t);
    const userId = await userIdOf(t, w.owner.email);
    const apps = await appSeeder(t, userId, w.workspaceId);
    const app = await apps.shellApp();
    return { ...w, userId, apps, app, releases: releaseRoutes(t, w.auth, w.workspaceId, app.id) };
  }

  describe('upload-url', () => {
    it('answers 201 with where to PUT the content, for one hour', async () => {
      const { releases, workspaceId, app } = await shellWorld();
      const res = await releases.uploadUrl({ size_bytes: 10, label: ' v1 ' }).expect(201);
      const id = res.body.release_id as string;
      expect(res.body).toEqual({
        release_id: id,
        upload_url: `${PUBLIC_BASE_URL}/v1/workspaces/${workspaceId}/apps/${app.id}/releases/${id}/content`,
        method: 'PUT',
        expires_at: expect.any(String),
        bundle: 'remote_entry',
        label: 'v1',
        size_bytes: 10,
      });
      const [listed] = (await releases.list().expect(200)).body.releases;
      expect(listed).toMatchObject({ release_id: id, status: 'awaiting_upload', current: false });
      expect(Date.parse(res.body.expires_at) - Date.parse(listed.created_at)).toBe(3600_000);
      expect(listed.upload_expires_at).toBe(res.body.expires_at);
    });

    it('needs size_bytes (422), a whole number above 0 (422), at most 32 MiB (413)', async () => {
      const { releases } = await shellWorld();
      const missing = await releases.uploadUrl({ bundle: 'zip' }).expect(422);
      expect(missing.body).toMatchObject({ code: 'size_bytes_required', errors: [{ field: 'size_bytes' }] });
      await releases.uploadUrl({ size_bytes: null }).expect(422, /size_bytes_required/);
      for (const size_bytes of [0, -1, 1.5, '10', true]) {
        const res = await releases.uploadUrl({ size_bytes }).expect(422);
        expect(res.body.code).toBe('invalid_size_bytes');
      }
      // Any whole number past the limit is too large, past the safe integers too.
      for (const size_bytes of [UPLOAD_MAX + 1, 2 ** 53, 1e20]) {
        const over = await releases.uploadUrl({ size_bytes }).expect(413);
        expect(over.body.code).toBe('release_too_large');
      }
      await releases.uploadUrl({ size_bytes: UPLOAD_MAX }).expect(201);
      // Only the last one made a release.
      expect((await releases.list().expect(200)).body.releases).toHaveLength(1);
    });

    it('takes a label of at most 120 characters on one line, and bundle remote_entry or zip', async () => {
      const { releases } = await shellWorld();
      const emoji = '😀'.repeat(120);
      expect((await releases.uploadUrl({ size_bytes: 1, label: emoji }).expect(201)).body.label).toBe(emoji);
      expect((await releases.uploadUrl({ size_bytes: 1, label: '' }).expect(201)).body.label).toBeNull();
      for (const label of ['x'.repeat(121), 'two\nlines']) {
        const res = await releases.uploadUrl({ size_bytes: 1, label }).expect(422);
        expect(res.body.code).toBe('invalid_release_label');
      }
      expect((await releases.uploadUrl({ size_bytes: 1, bundle: 'zip' }).expect(201)).body.bundle).toBe(
        'zip',
      );
      await releases.uploadUrl({ size_bytes: 1, bundle: 'tarball' }).expect(422, /invalid_bundle/);
      const unknown = await releases.uploadUrl({ size_bytes: 1, channel: 'beta' }).expect(422);
      expect(unknown.body).toMatchObject({ code: 'validation_failed', errors: [{ field: 'channel' }] });
      expect((await releases.list().expect(200)).body.releases).toHaveLength(3);
    });
  });

  describe('content', () => {
    it('is stored as sent, whatever its content type, without the JSON parser reading it', async () => {
      const { releases } = await shellWorld();
      // Not JSON, labelled JSON, and larger than any JSON body the API takes.
      const entry = js(`export const big = "${'x'.repeat(300_000)}"; {not json`);
      const created = await releases.uploadUrl({ size_bytes: entry.length }).expect(201);
      const id = created.body.release_id as string;
      await releases.content(id, entry, 'application/json').expect(204);
      const listed = (await releases.list().expect(200)).body.releases[0];
      expect(listed).toMatchObject({ status: 'uploaded', uploaded_at: expect.any(String) });
      await releases.finalize(id).expect(200);
      const file = await releaseFile(t, id, 'remoteEntry.js').expect(200);
      expect(Buffer.compare(file.body, entry)).toBe(0);
    });

    it('may be sent again until finalize; the last upload counts', async () => {
      const { releases } = await shellWorld();
      const created = await releases.uploadUrl({ size_bytes: 5 }).expect(201);
      const id = created.body.release_id as string;
      await releases.content(id, js('first')).expect(204);
      await releases.content(id, js('later')).expect(204);
      await releases.finalize(id).expect(200);
      expect((await releaseFile(t, id, 'remoteEntry.js').expect(200)).body.toString()).toBe('later');
      await releases.content(id, js('again')).expect(409, /release_already_finalized/);
    });

    it('takes at most 32 MiB: one byte more is 413 and nothing changes', async () => {
      const { releases } = await shellWorld();
      const created = await releases.uploadUrl({ size_bytes: UPLOAD_MAX }).expect(201);
      const id = created.body.release_id as string;
      const over = await releases.content(id, Buffer.alloc(UPLOAD_MAX + 1, 'a')).expect(413);
      expect(over.body.code).toBe('release_too_large');
      expect((await releases.list().expect(200)).body.releases[0].status).toBe('awaiting_upload');
      await releases.finalize(id).expect(409, /release_not_uploaded/);
      await releases.content(id, Buffer.alloc(UPLOAD_MAX, 'a')).expect(204);
      expect((await releases.list().expect(200)).body.releases[0].status).toBe('uploaded');
    });

    it('is refused after the upload URL expires (409): a new upload URL is needed', async () => {
      const { releases, app } = await shellWorld();
      const created = await releases.uploadUrl({ size_bytes: 2 }).expect(201);
      const id = created.body.release_id as string;
      // An hour passing, written through the repositories.
      const uow = await t.running.container.getAsync<UnitOfWork>(UNIT_OF_WORK);
      await uow.transaction(async (tx) => {
        const release = (await tx.releases.findById(app.id, id)) as Release;
        await tx.releases.save({ ...release, uploadExpiresAt: new Date(Date.now() - 1000) });
      });
      await releases.content(id, js('ok')).expect(409, /release_upload_expired/);
      expect((await releases.list().expect(200)).body.releases[0].status).toBe('awaiting_upload');
    });

    it('is stored as sent, so a compressed transfer (Content-Encoding) is refused with 415', async () => {
      const { releases, workspaceId, app, auth } = await shellWorld();
      const id = (await releases.uploadUrl({ size_bytes: 5 }).expect(201)).body.release_id;
      const res = await t.http
        .put(`/v1/workspaces/${workspaceId}/apps/${app.id}/releases/${id}/content`)
        .set(auth)
        .set('Content-Encoding', 'gzip')
        .send(gzipSync(js('hello')))
        .expect(415);
      expect(res.body.code).toBe('unsupported_encoding');
      expect((await releases.list().expect(200)).body.releases[0].status).toBe('awaiting_upload');
    });

    it('names a release of this app: another id is 404', async () => {
      const { releases, apps, auth, workspaceId } = await shellWorld();
      const other = releaseRoutes(t, auth, workspaceId, (await apps.shellApp()).id);
      const theirs = (await other.uploadUrl({ size_bytes: 2 }).expect(201)).body.release_id;
      await releases.content(theirs, js('ok')).expect(404, /release_not_found/);
      await releases.finalize(theirs).expect(404, /release_not_found/);
      await releases.content('not-a-uuid', js('ok')).expect(404, /"not_found"/);
    });
  });

  describe('finalize', () => {
    it('publishes a remote entry as the current release, served at remote_entry_url', async () => {
      const { releases, app } = await shellWorld();
      await releases.current().expect(404, /current_release_not_found/);
      const { releaseId, res } = await releases.publish(js('export default 1;'), { label: 'v1' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        release_id: releaseId,
        app_id: app.id,
        bundle: 'remote_entry',
        label: 'v1',
        size_bytes: 17,
        status: 'published',
        current: true,
        published_bytes: 17,
        refusal: null,
        remote_entry_url: `${PUBLIC_BASE_URL}/v1/public/releases/${releaseId}/remoteEntry.js`,
        published_at: expect.any(String),
      });
      expect((await releases.current().expect(200)).body).toEqual(res.body);
      await releases.finalize(releaseId).expect(409, /release_already_finalized/);
    });

    it('publishes once when two finalizes race: the other is 409', async () => {
      const { releases } = await shellWorld();
      const zip = buildZip([
        { name: 'remoteEntry.js', data: js('export {}') },
        ...Array.from({ length: 50 }, (_, i) => ({ name: `chunk-${i}.js`, data: js(`${i}`) })),
      ]);
      const id = await releases.uploaded(zip, { bundle: 'zip' });
      const answers = await Promise.all([releases.finalize(id), releases.finalize(id)]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 409]);
      const refused = answers.find((a) => a.status === 409);
      expect(['release_finalizing', 'release_already_finalized']).toContain(refused?.body.code);
      expect((await releases.current().expect(200)).body.release_id).toBe(id);
    });

    it('checks the size again: 400 size_mismatch, then the right bytes publish', async () => {
      const { releases } = await shellWorld();
      const created = await releases.uploadUrl({ size_bytes: 10 }).expect(201);
      const id = created.body.release_id as string;
      await releases.finalize(id).expect(409, /release_not_uploaded/);
      await releases.content(id, js('123456789')).expect(204);
      const short = await releases.finalize(id).expect(400);
      expect(short.body.code).toBe('size_mismatch');
      expect(short.body.detail).toMatch(/10.*9/);
      expect((await releases.list().expect(200)).body.releases[0].status).toBe('uploaded');
      await releases.content(id, js('12345678901')).expect(204);
      await releases.finalize(id).expect(400, /size_mismatch/);
      await releases.content(id, js('1234567890')).expect(204);
      await releases.finalize(id).expect(200);
    });

    it('unpacks a zip with remoteEntry.js at its root or in its single top folder', async () => {
      const { releases } = await shellWorld();
      const root = await releases.publish(
        buildZip([
          { name: 'remoteEntry.js', data: js('export {}') },
          { name: 'assets/' },
          { name: 'assets/app.css', data: js('body{}') },
        ]),
        { bundle: 'zip' },
      );
      expect(root.res.status).toBe(200);
      expect(root.res.body).toMatchObject({ bundle: 'zip', published_bytes: 15, current: true });
      expect((await releaseFile(t, root.releaseId, 'assets/app.css').expect(200)).body.toString()).toBe(
        'body{}',
      );

      const nested = await releases.publish(
        buildZip([
          { name: 'dist/remoteEntry.js', data: js('export {}') },
          { name: 'dist/chunk.js', data: js('1') },
          { name: '__MACOSX/dist/._remoteEntry.js', data: js('resource fork') },
        ]),
        { bundle: 'zip' },
      );
      expect(nested.res.status).toBe(200);
      expect(nested.res.body.remote_entry_url).toBe(
        `${PUBLIC_BASE_URL}/v1/public/releases/${nested.releaseId}/dist/remoteEntry.js`,
      );
      await releaseFile(t, nested.releaseId, 'dist/remoteEntry.js').expect(200);
    });

    it('refuses a zip without remoteEntry.js (409) for good: a new upload URL is needed', async () => {
      const { releases } = await shellWorld();
      const published = await releases.publish(js('export {}'));
      const cases = [
        [{ name: 'index.js', data: js('x') }],
        [
          { name: 'src/remoteEntry.js', data: js('x') },
          { name: 'dist/remoteEntry.js', data: js('x') },
        ],
        [{ name: 'a/b/remoteEntry.js', data: js('x') }],
      ];
      for (const entries of cases) {
        const { releaseId, res } = await releases.publish(buildZip(entries), { bundle: 'zip' });
        expect(res.status).toBe(409);
        expect(res.body.code).toBe('remote_entry_missing');
        await releases.finalize(releaseId).expect(409, /release_already_finalized/);
        await releases.content(releaseId, js('x')).expect(409, /release_already_finalized/);
        const file = await releaseFile(t, releaseId, entries[0]?.name as string).expect(404);
        expect(file.body.code).toBe('release_file_not_found');
      }
      const current = (await releases.current().expect(200)).body;
      expect(current.release_id).toBe(published.releaseId);
      const statuses = (await releases.list().expect(200)).body.releases.map(
        (r: { status: string; refusal: string | null }) => [r.status, r.refusal],
      );
      expect(statuses).toEqual([
        ['refused', 'remote_entry_missing'],
        ['refused', 'remote_entry_missing'],
        ['refused', 'remote_entry_missing'],
        ['published', null],
      ]);
    });
  });

  describe('list and current', () => {
    it('lists newest first whatever the status; the latest published is current', async () => {
      const { releases } = await shellWorld();
      expect((await releases.list().expect(200)).body).toEqual({ releases: [] });
      const first = await releases.publish(js('1'), { label: 'one' });
      const second = await releases.publish(js('2'), { label: 'two' });
      const open = (await releases.uploadUrl({ size_bytes: 1, label: 'three' }).expect(201)).body.release_id;
      const listed = (await releases.list().expect(200)).body.releases;
      expect(listed.map((r: { release_id: string; current: boolean }) => [r.release_id, r.current])).toEqual([
        [open, false],
        [second.releaseId, true],
        [first.releaseId, false],
      ]);
      expect((await releases.current().expect(200)).body.release_id).toBe(second.releaseId);
    });
  });

  describe('public files', () => {
    it('serves a published file with its type and immutable caching, to anyone', async () => {
      const { releases } = await shellWorld();
      const { releaseId } = await releases.publish(
        buildZip([
          { name: 'remoteEntry.js', data: js('export {}') },
          { name: 'styles/site.css', data: js('a{}') },
          { name: 'data.json', data: js('{"a":1}') },
          { name: 'module.wasm', data: Buffer.from([0, 97, 115, 109]) },
          { name: 'LICENSE', data: js('MIT') },
        ]),
        { bundle: 'zip' },
      );
      const types: Record<string, string> = {
        'remoteEntry.js': 'text/javascript; charset=utf-8',
        'styles/site.css': 'text/css; charset=utf-8',
        'data.json': 'application/json',
        'module.wasm': 'application/wasm',
        LICENSE: 'application/octet-stream',
      };
      for (const [path, type] of Object.entries(types)) {
        const res = await releaseFile(t, releaseId, path).expect(200);
        expect(res.headers['content-type']).toBe(type);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['access-control-allow-origin']).toBe('*');
      }
      const head = await t.http.head(`/v1/public/releases/${releaseId}/data.json`).expect(200);
      expect(head.headers['content-length']).toBe('7');
      expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('keeps serving releases that are no longer current', async () => {
      const { releases } = await shellWorld();
      const old = await releases.publish(js('old'));
      await releases.publish(js('new'));
      expect((await releaseFile(t, old.releaseId, 'remoteEntry.js').expect(200)).body.toString()).toBe('old');
    });

    it('answers one uncached 404 for anything that is not a published file of an active app', async () => {
      const { releases, apps, app } = await shellWorld();
      const { releaseId } = await releases.publish(js('export {}'));
      const unpublished = await releases.uploaded(js('x'));
      const missing = [
        `/v1/public/releases/${releaseId}/other.js`,
        // Segments that decode to `..` or a backslash path (a client would normalise a bare `..` away).
        `/v1/public/releases/${releaseId}/..%2FremoteEntry.js`,
        `/v1/public/releases/${releaseId}/a%2F..%2F..%2FremoteEntry.js`,
        `/v1/public/releases/${releaseId}/..%5CremoteEntry.js`,
        `/v1/public/releases/${releaseId}/%2FremoteEntry.js`,
        `/v1/public/releases/${unpublished}/remoteEntry.js`,
        `/v1/public/releases/00000000-0000-4000-8000-000000000000/remoteEntry.js`,
        '/v1/public/releases/not-a-uuid/remoteEntry.js',
      ];
      for (const path of missing) {
        const res = await t.http.get(path).expect(404);
        expect(res.body.code).toBe('release_file_not_found');
        expect(res.headers['cache-control']).toBe('no-store');
      }
      await apps.archive(app.id);
      expect((await releaseFile(t, releaseId, 'remoteEntry.js').expect(404)).body.code).toBe(
        'release_file_not_found',
      );
      await apps.restore(app.id);
      await releaseFile(t, releaseId, 'remoteEntry.js').expect(200);
    });
  });

  describe('which apps have releases', () => {
    it('answers 400 on every release route of a standalone or legacy coderunner app', async () => {
      const { apps, auth, workspaceId } = await shellWorld();
      for (const app of [await apps.standaloneApp(), await apps.legacyCoderunnerApp()]) {
        const releases = releaseRoutes(t, auth, workspaceId, app.id);
        const someId = '00000000-0000-4000-8000-000000000000';
        for (const call of [
          releases.uploadUrl({ size_bytes: 1 }),
          releases.content(someId, js('x')),
          releases.finalize(someId),
          releases.list(),
          releases.current(),
        ]) {
          const res = await call.expect(400);
          expect(res.body.code).toBe('app_not_shell_federated');
        }
      }
    });

    it('answers 410 on every release route of an archived app until it is restored', async () => {
      const { releases, apps, app } = await shellWorld();
      const open = await releases.uploaded(js('x'));
      await apps.archive(app.id);
      for (const call of [
        releases.uploadUrl({ size_bytes: 1 }),
        releases.content(open, js('y')),
        releases.finalize(open),
        releases.list(),
        releases.current(),
      ]) {
        const res = await call.expect(410);
        expect(res.body.code).toBe('app_archived');
      }
      await apps.restore(app.id);
      await releases.finalize(open).expect(200);
    });

    it('answers 404 for an app that is not in the workspace', async () => {
      const { apps } = await shellWorld();
      const theirs = await apps.shellApp();
      const other = await workspaceWithOwner(t);
      // The other owner's workspace, this app id: not found there.
      const releases = releaseRoutes(t, other.auth, other.workspaceId, theirs.id);
      await releases.list().expect(404, /app_not_found/);
      await releases.uploadUrl({ size_bytes: 1 }).expect(404, /app_not_found/);
      // And the app's own workspace, read by someone else: 403.
      await releaseRoutes(t, other.auth, theirs.workspaceId, theirs.id).list().expect(403);
    });
  });

  describe('who may', () => {
    it('refuses changes on a frozen workspace (403) and still lets the team read', async () => {
      const { releases, workspaceId } = await shellWorld();
      const { releaseId } = await releases.publish(js('export {}'));
      const open = await releases.uploaded(js('x'));
      await t.http
        .patch(`/v1/operator/workspaces/${workspaceId}`)
        .set(operator)
        .send({ frozen: true })
        .expect(200);
      await releases.uploadUrl({ size_bytes: 1 }).expect(403, /workspace_frozen/);
      await releases.content(open, js('y')).expect(403, /workspace_frozen/);
      await releases.finalize(open).expect(403, /workspace_frozen/);
      await releases.list().expect(200);
      await releases.current().expect(200);
      await releaseFile(t, releaseId, 'remoteEntry.js').expect(200);
    });

    it('records release.created, release.uploaded and release.published in the audit log', async () => {
      const { releases, auth, workspaceId } = await shellWorld();
      const { releaseId } = await releases.publish(js('export {}'));
      const audit = await t.http.get(`/v1/workspaces/${workspaceId}/audit`).set(auth).expect(200);
      const actions = audit.body.events
        .filter((e: { target: { id: string } }) => e.target?.id === releaseId)
        .map((e: { action: string }) => e.action);
      expect(actions).toEqual(['release.published', 'release.uploaded', 'release.created']);
    });
  });

  describe('files.bytes quota', () => {
    async function filesBytes(organizationId: string, auth: Record<string, string>) {
      const quota = await t.http.get(`/v1/organizations/${organizationId}/quota`).set(auth).expect(200);
      return quota.body.limits.find((l: { key: string }) => l.key === 'files.bytes');
    }

    it("counts the current release bytes of the organization's active apps", async () => {
      const { releases, apps, app, auth, owner, workspaceId } = await shellWorld();
      const organizationId = owner.organizationId;
      expect((await filesBytes(organizationId, auth)).current).toBe(0);
      await releases.publish(Buffer.alloc(1000, 'a'));
      expect((await filesBytes(organizationId, auth)).current).toBe(1000);
      // A new release replaces the app's current one: its bytes are not counted twice.
      await releases.publish(Buffer.alloc(400, 'b'));
      expect((await filesBytes(organizationId, auth)).current).toBe(400);
      // Unfinished uploads do not count; a zip counts its unpacked files.
      await releases.uploaded(Buffer.alloc(300, 'c'));
      const second = releaseRoutes(t, auth, workspaceId, (await apps.shellApp()).id);
      const zip = buildZip([{ name: 'remoteEntry.js', data: Buffer.alloc(5000, 'z') }]);
      await second.publish(zip, { bundle: 'zip' });
      expect((await filesBytes(organizationId, auth)).current).toBe(5400);
      await apps.archive(app.id);
      expect((await filesBytes(organizationId, auth)).current).toBe(5000);
    });

    it('refuses (507) an upload-url, content or finalize that would pass the limit', async () => {
      const { releases, owner, auth } = await shellWorld();
      const organizationId = owner.organizationId;
      const limit = (value: number) =>
        t.http
          .patch(`/v1/operator/organizations/${organizationId}`)
          .set(operator)
          .send({ limits: { 'files.bytes': value } })
          .expect(200);
      await limit(2000);
      await releases.publish(Buffer.alloc(1500, 'a'));
      expect((await filesBytes(organizationId, auth)).limit).toBe(2000);

      // The current release is replaced, so the room is the whole limit.
      await releases.uploadUrl({ size_bytes: 2001 }).expect(507, /files_quota_exceeded/);
      const fits = (await releases.uploadUrl({ size_bytes: 2000 }).expect(201)).body.release_id;
      await releases.content(fits, Buffer.alloc(2000, 'b')).expect(204);

      // A zip declared small that unpacks past the room: finalize stops and the release stays uploaded.
      const zip = buildZip([{ name: 'remoteEntry.js', data: Buffer.alloc(3000, 'z') }]);
      const zipped = await releases.uploaded(zip, { bundle: 'zip' });
      await releases.finalize(zipped).expect(507, /files_quota_exceeded/);
      const listed = (await releases.list().expect(200)).body.releases;
      expect(listed.find((r: { release_id: string }) => r.release_id === zipped).status).toBe('uploaded');
      await limit(4000);
      await releases.finalize(zipped).expect(200);
      expect((await filesBytes(organizationId, auth)).current).toBe(3000);

      // Content is cut off at the room left.
      await limit(1000);
      const big = (await releases.uploadUrl({ size_bytes: 900 }).expect(201)).body.release_id;
      await limit(500);
      await releases.content(big, Buffer.alloc(900, 'c')).expect(507, /files_quota_exceeded/);
    });

    it('is not counted across organizations', async () => {
      const { releases } = await shellWorld();
      await releases.publish(Buffer.alloc(700, 'a'));
      const other = await organizationWithOwner(t);
      expect((await filesBytes(other.organizationId, bearer(other.token))).current).toBe(0);
    });
  });

  it('stores a 1 MiB upload byte for byte', async () => {
    const { releases } = await shellWorld();
    const bytes = Buffer.alloc(MiB);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) % 251;
    const { releaseId, res } = await releases.publish(bytes);
    expect(res.status).toBe(200);
    expect(Buffer.compare((await releaseFile(t, releaseId, 'remoteEntry.js').expect(200)).body, bytes)).toBe(
      0,
    );
  });
});
