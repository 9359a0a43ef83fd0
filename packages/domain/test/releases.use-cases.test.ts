import { seedApp } from './support/app-world';
import {
  aShellApp,
  blobsOf,
  finalize,
  publish,
  REMOTE_ENTRY_JS,
  requestUpload,
  served,
  setFilesLimit,
  sha256,
  uploadContent,
  uploaded,
  zipOf,
} from './support/release-world';
import {
  aMember,
  anEnvironment,
  audited,
  aWorkspaceWorld,
  ctx,
  freeze,
  m2m,
  snapshot,
  team,
} from './support/workspace-world';

const MiB = 1024 * 1024;

/** `n` bytes in chunks of 1 MiB, without holding them in one buffer. */
async function* bytesOf(n: number): AsyncIterable<Uint8Array> {
  const chunk = Buffer.alloc(MiB, 1);
  for (let sent = 0; sent < n; sent += MiB) yield chunk.subarray(0, Math.min(MiB, n - sent));
}

describe('upload-url (spec: Releases; supplement §9)', () => {
  it('creates a release awaiting its content, with the content route as upload URL for an hour', async () => {
    const world = await aWorkspaceWorld();
    const writer = await aMember(world, 'writer');
    const app = await aShellApp(world);
    const { release, uploadUrl } = await requestUpload(
      world,
      app.id,
      { label: 'v1', sizeBytes: 1234 },
      writer,
    );
    expect(uploadUrl).toBe(
      `http://control.test/v1/workspaces/${world.workspaceId}/apps/${app.id}/releases/${release.id}/content`,
    );
    expect(release).toMatchObject({
      appId: app.id,
      bundle: 'remote_entry',
      label: 'v1',
      sizeBytes: 1234,
      status: 'awaiting_upload',
      current: false,
      uploadExpiresAt: new Date('2026-01-01T01:00:00.000Z'),
    });
    const [event] = audited(world, 'release.created');
    expect(event).toMatchObject({ target: { type: 'release', id: release.id }, actor: { id: writer } });
  });

  it('takes bundle zip, a label of 120 characters and exactly 32 MiB', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const { release } = await requestUpload(world, app.id, {
      bundle: 'zip',
      label: 'x'.repeat(120),
      sizeBytes: 33_554_432,
    });
    expect(release).toMatchObject({ bundle: 'zip', sizeBytes: 33_554_432 });
  });

  it.each([
    ['size_bytes missing', {}, 422, 'size_bytes_required'],
    ['size_bytes 0', { sizeBytes: 0 }, 422, 'invalid_size_bytes'],
    ['size_bytes negative', { sizeBytes: -5 }, 422, 'invalid_size_bytes'],
    ['size_bytes fractional', { sizeBytes: 1.5 }, 422, 'invalid_size_bytes'],
    ['size_bytes a string', { sizeBytes: '100' }, 422, 'invalid_size_bytes'],
    ['size_bytes one byte over 32 MiB', { sizeBytes: 33_554_433 }, 413, 'release_too_large'],
    ['size_bytes 2^53, past the safe integers', { sizeBytes: 2 ** 53 }, 413, 'release_too_large'],
    ['size_bytes 1e20', { sizeBytes: 1e20 }, 413, 'release_too_large'],
    ['a label of 121 characters', { sizeBytes: 10, label: 'x'.repeat(121) }, 422, 'invalid_release_label'],
    ['an unknown bundle', { sizeBytes: 10, bundle: 'tar' }, 422, 'invalid_bundle'],
  ])('refuses %s, writing nothing', async (_what, fields, status, code) => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const before = snapshot(world);
    const refusal = requestUpload(world, app.id, fields);
    await expect(refusal).rejects.toMatchObject({ code });
    const error = await refusal.catch((e) => e);
    expect(error.status ?? { invalid: 422 }[error.kind as 'invalid']).toBe(status);
    expect(snapshot(world)).toBe(before);
  });

  it('answers 400 for standalone and legacy coderunner apps and 410 for an archived app', async () => {
    const world = await aWorkspaceWorld();
    const standalone = await seedApp(world, { kind: 'standalone' });
    const legacy = await seedApp(world, { kind: 'coderunner' });
    const archived = await seedApp(world, { kind: 'shell_federated', status: 'archived' });
    for (const app of [standalone, legacy]) {
      await expect(requestUpload(world, app.id, { sizeBytes: 10 })).rejects.toMatchObject({
        kind: 'malformed',
        code: 'app_not_shell_federated',
      });
    }
    await expect(requestUpload(world, archived.id, { sizeBytes: 10 })).rejects.toMatchObject({
      kind: 'gone',
      code: 'app_archived',
    });
  });

  it('needs write on the workspace and refuses a frozen workspace', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const member = await aMember(world, 'member');
    await expect(requestUpload(world, app.id, { sizeBytes: 10 }, member)).rejects.toMatchObject({
      kind: 'forbidden',
    });
    await freeze(world);
    await expect(requestUpload(world, app.id, { sizeBytes: 10 })).rejects.toMatchObject({
      code: 'workspace_frozen',
    });
  });
});

describe('content upload', () => {
  it('stores the bytes and marks the release uploaded; a second upload replaces the first', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const { release } = await requestUpload(world, app.id, { sizeBytes: REMOTE_ENTRY_JS.length });
    await uploadContent(world, app.id, release.id, Buffer.from('first attempt'));
    await uploadContent(world, app.id, release.id, REMOTE_ENTRY_JS);
    const [list] = await world.uc.releases.list.execute({
      caller: team(world.ownerId),
      workspaceId: world.workspaceId,
      appId: app.id,
    });
    expect(list).toMatchObject({ status: 'uploaded', uploadedBytes: REMOTE_ENTRY_JS.length });
    expect(list?.uploadSha256).toBe(sha256(REMOTE_ENTRY_JS));
    const keys = blobsOf(world, release.id);
    expect(keys).toHaveLength(1);
    expect(Buffer.from(world.deps.blobs.objects.get(keys[0] as string) ?? []).equals(REMOTE_ENTRY_JS)).toBe(
      true,
    );
    expect(audited(world, 'release.uploaded')).toHaveLength(2);
  });

  it('refuses more than 32 MiB with 413 and keeps nothing of it', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const { release } = await requestUpload(world, app.id, { sizeBytes: 100 });
    const refusal = uploadContent(world, app.id, release.id, bytesOf(32 * MiB + 1));
    await expect(refusal).rejects.toMatchObject({ code: 'release_too_large', status: 413 });
    expect(blobsOf(world, release.id)).toEqual([]);
  });

  it('refuses content once the upload URL has expired, or the release was finalized', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const { release } = await requestUpload(world, app.id, { sizeBytes: 5 });
    world.deps.clock.advance(3601);
    await expect(uploadContent(world, app.id, release.id, Buffer.from('12345'))).rejects.toMatchObject({
      kind: 'conflict',
      code: 'release_upload_expired',
    });
    const published = await publish(world, app.id);
    await expect(uploadContent(world, app.id, published.id, REMOTE_ENTRY_JS)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'release_already_finalized',
    });
  });

  it('answers 404 for a release of another app', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const other = await aShellApp(world, 'other');
    const { release } = await requestUpload(world, other.id, { sizeBytes: 5 });
    await expect(uploadContent(world, app.id, release.id, Buffer.from('12345'))).rejects.toMatchObject({
      code: 'release_not_found',
    });
  });
});

describe('finalize (spec: finalize rules; supplement §9)', () => {
  it('publishes a remote_entry upload as the remoteEntry.js of the release and makes it current', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const release = await publish(world, app.id, REMOTE_ENTRY_JS, { label: 'v1' });
    expect(release).toMatchObject({
      status: 'published',
      current: true,
      entryPath: 'remoteEntry.js',
      digest: `sha256:${sha256(REMOTE_ENTRY_JS)}`,
      publishedBytes: REMOTE_ENTRY_JS.length,
      uploadKey: null,
    });
    expect(await served(world, release.id, 'remoteEntry.js')).toBe(REMOTE_ENTRY_JS.toString());
    expect(blobsOf(world, release.id)).toEqual([`releases/${release.id}/files/remoteEntry.js`]);
    expect(audited(world, 'release.published')[0]).toMatchObject({
      target: { type: 'release', id: release.id },
      details: { files: 1, published_bytes: REMOTE_ENTRY_JS.length, previous_release_id: null },
    });
  });

  it('finalizes once: a second finalize is 409', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const release = await publish(world, app.id);
    await expect(finalize(world, app.id, release.id)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'release_already_finalized',
    });
  });

  it('answers 409 before any content was uploaded', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const { release } = await requestUpload(world, app.id, { sizeBytes: 5 });
    await expect(finalize(world, app.id, release.id)).rejects.toMatchObject({ code: 'release_not_uploaded' });
  });

  it('answers 400 size_mismatch when the upload differs from size_bytes; the right bytes may follow', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const { release } = await requestUpload(world, app.id, { sizeBytes: REMOTE_ENTRY_JS.length });
    await uploadContent(world, app.id, release.id, REMOTE_ENTRY_JS.subarray(1));
    await expect(finalize(world, app.id, release.id)).rejects.toMatchObject({
      kind: 'malformed',
      code: 'size_mismatch',
    });
    await uploadContent(world, app.id, release.id, REMOTE_ENTRY_JS);
    await expect(finalize(world, app.id, release.id)).resolves.toMatchObject({ status: 'published' });
  });

  it('makes the newest published release current and the previous one not', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const first = await publish(world, app.id, Buffer.from('one'));
    const second = await publish(world, app.id, Buffer.from('two'));
    const read = { caller: team(world.ownerId), workspaceId: world.workspaceId, appId: app.id };
    expect((await world.uc.releases.current.execute(read)).id).toBe(second.id);
    const list = await world.uc.releases.list.execute(read);
    expect(list.map((r) => [r.id, r.current])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    // Old releases keep being served: their URLs are cached for good.
    expect(await served(world, first.id, 'remoteEntry.js')).toBe('one');
  });

  it('answers 410 when the app is archived', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const release = await uploaded(world, app.id, REMOTE_ENTRY_JS);
    await world.uc.apps.archive.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      appId: app.id,
      context: ctx(world.ownerId),
    });
    await expect(finalize(world, app.id, release.id)).rejects.toMatchObject({ code: 'app_archived' });
  });
});

describe('finalize of zip bundles', () => {
  it('extracts with the spec limits and finds remoteEntry.js at the root', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const archive = zipOf([
      { path: 'remoteEntry.js', content: 'entry' },
      { path: 'assets/', kind: 'folder' },
      { path: 'assets/app.css', content: 'body{}' },
    ]);
    const release = await publish(world, app.id, archive, { bundle: 'zip' });
    expect(release).toMatchObject({ status: 'published', entryPath: 'remoteEntry.js', publishedBytes: 11 });
    expect(world.deps.bundles.requests[0]?.limits).toEqual({ maxEntries: 2000, maxBytes: 268_435_456 });
    expect(await served(world, release.id, 'assets/app.css')).toBe('body{}');
    // The archive itself is gone once its files are out.
    expect(blobsOf(world, release.id)).toEqual([
      `releases/${release.id}/files/assets/app.css`,
      `releases/${release.id}/files/remoteEntry.js`,
    ]);
  });

  it('finds remoteEntry.js in the single top folder, macOS resource folder aside', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const archive = zipOf([
      { path: 'dist/remoteEntry.js', content: 'entry' },
      { path: 'dist/chunk.js', content: 'chunk' },
      { path: '__MACOSX/dist/._remoteEntry.js', content: 'fork' },
    ]);
    const release = await publish(world, app.id, archive, { bundle: 'zip' });
    expect(release.entryPath).toBe('dist/remoteEntry.js');
    const bootstrap = await world.uc.apps.publicBootstrap.execute({
      workspaceId: world.workspaceId,
      slug: 'portal',
    });
    expect(bootstrap.release).toEqual({
      releaseId: release.id,
      label: null,
      remoteEntryUrl: `http://control.test/v1/public/releases/${release.id}/dist/remoteEntry.js`,
    });
  });

  it.each([
    ['deeper than the top folder', [{ path: 'dist/js/remoteEntry.js', content: 'x' }]],
    [
      'in one of two top folders',
      [
        { path: 'a/remoteEntry.js', content: 'x' },
        { path: 'b/other.js', content: 'x' },
      ],
    ],
    ['missing', [{ path: 'index.js', content: 'x' }]],
  ])('answers 409 when remoteEntry.js is %s; the release is refused for good', async (_where, entries) => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const release = await uploaded(world, app.id, zipOf(entries), 'zip');
    await expect(finalize(world, app.id, release.id)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'remote_entry_missing',
    });
    expect(blobsOf(world, release.id)).toEqual([]);
    await expect(finalize(world, app.id, release.id)).rejects.toMatchObject({
      code: 'release_already_finalized',
    });
    expect(audited(world, 'release.refused')[0]?.details).toMatchObject({ reason: 'remote_entry_missing' });
  });

  it.each([
    ['a link', [{ path: 'remoteEntry.js', kind: 'link' as const }], 'zip_link_entry'],
    ['a .. path', [{ path: '../remoteEntry.js', content: 'x' }], 'zip_unsafe_path'],
    [
      'two entries with one path',
      [
        { path: 'remoteEntry.js', content: 'x' },
        { path: 'remoteEntry.js', content: 'y' },
      ],
      'zip_duplicate_entry',
    ],
    [
      'more than 2,000 entries',
      Array.from({ length: 2001 }, (_, i) => ({ path: `f${i}.js`, content: '' })),
      'zip_too_many_entries',
    ],
  ])('answers 400 for %s and keeps nothing; a new upload is needed', async (_what, entries, code) => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const release = await uploaded(world, app.id, zipOf(entries), 'zip');
    await expect(finalize(world, app.id, release.id)).rejects.toMatchObject({ kind: 'malformed', code });
    expect(blobsOf(world, release.id)).toEqual([]);
    await expect(uploadContent(world, app.id, release.id, zipOf(entries))).rejects.toMatchObject({
      code: 'release_already_finalized',
    });
  });

  it('answers 400 zip_invalid for an upload that is not an archive', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const release = await uploaded(world, app.id, Buffer.from('not a zip'), 'zip');
    await expect(finalize(world, app.id, release.id)).rejects.toMatchObject({ code: 'zip_invalid' });
  });
});

describe('files.bytes quota (spec: Files quota)', () => {
  it('refuses an upload-url whose size would pass the limit with 507', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    await setFilesLimit(world, 100);
    await expect(requestUpload(world, app.id, { sizeBytes: 101 })).rejects.toMatchObject({
      kind: 'quota',
      code: 'files_quota_exceeded',
    });
    await expect(requestUpload(world, app.id, { sizeBytes: 100 })).resolves.toBeDefined();
  });

  it('stops content that would pass the limit with 507, counting other apps but not the release it replaces', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const other = await aShellApp(world, 'other');
    await publish(world, other.id, Buffer.alloc(60, 'a'));
    await publish(world, app.id, Buffer.alloc(30, 'b'));
    await setFilesLimit(world, 100);
    // 60 (other app) + 40 (replacing this app's 30) fits; 41 does not.
    const fits = await uploaded(world, app.id, Buffer.alloc(40, 'c'));
    await expect(finalize(world, app.id, fits.id)).resolves.toMatchObject({ publishedBytes: 40 });
    const { release } = await requestUpload(world, app.id, { sizeBytes: 40 });
    await expect(uploadContent(world, app.id, release.id, Buffer.alloc(41, 'd'))).rejects.toMatchObject({
      code: 'files_quota_exceeded',
    });
    expect(blobsOf(world, release.id)).toEqual([]);
  });

  it('checks what a zip inflates to at finalize; the release can be finalized again once there is room', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const archive = zipOf([{ path: 'remoteEntry.js', content: 'x', repeat: 500 }]);
    await setFilesLimit(world, 400);
    const release = await uploaded(world, app.id, archive, 'zip');
    await expect(finalize(world, app.id, release.id)).rejects.toMatchObject({ code: 'files_quota_exceeded' });
    expect(blobsOf(world, release.id).filter((k) => k.includes('/files/'))).toEqual([]);
    await setFilesLimit(world, 1000);
    await expect(finalize(world, app.id, release.id)).resolves.toMatchObject({ publishedBytes: 500 });
  });

  it('refuses to restore an app whose current release would pass the limit (507), until there is room', async () => {
    const world = await aWorkspaceWorld();
    const old = await aShellApp(world, 'old');
    const app = await aShellApp(world);
    await publish(world, old.id, Buffer.alloc(70, 'a'));
    const status = (appId: string, restore: boolean) =>
      (restore ? world.uc.apps.restore : world.uc.apps.archive).execute({
        userId: world.ownerId,
        workspaceId: world.workspaceId,
        appId,
        context: ctx(world.ownerId),
      });
    await status(old.id, false);
    await publish(world, app.id, Buffer.alloc(70, 'b'));
    await setFilesLimit(world, 100);
    await expect(status(old.id, true)).rejects.toMatchObject({ kind: 'quota', code: 'files_quota_exceeded' });
    expect(world.deps.uow.tables.apps.get(old.id)?.status).toBe('archived');
    await status(app.id, false);
    await expect(status(old.id, true)).resolves.toMatchObject({ status: 'active' });
  });

  it('reports a promoted release that would pass the limit in failed, as files_quota_exceeded', async () => {
    const world = await aWorkspaceWorld();
    const prod = await anEnvironment(world, 'prod');
    const app = await aShellApp(world);
    const release = await publish(world, app.id, Buffer.alloc(70, 'a'));
    await setFilesLimit(world, 100);
    const promote = (dryRun: boolean) =>
      world.uc.apps.promote.execute({
        userId: world.ownerId,
        workspaceId: world.workspaceId,
        sourceEnvironmentId: world.devId,
        targetEnvironmentId: prod.id,
        pairs: [{ sourceAppId: app.id, sourceReleaseId: release.id }],
        dryRun,
        context: ctx(world.ownerId),
      });
    for (const dryRun of [true, false])
      expect(await promote(dryRun)).toMatchObject({
        promoted: [],
        failed: [{ sourceAppId: app.id, error: 'files_quota_exceeded' }],
      });
    expect([...world.deps.uow.tables.apps.values()]).toHaveLength(1);
    await setFilesLimit(world, 140);
    expect((await promote(false)).promoted).toHaveLength(1);
  });

  it('reports the current releases of active apps as files.bytes', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const archivedLater = await aShellApp(world, 'old');
    await publish(world, app.id, Buffer.alloc(10));
    await publish(world, app.id, Buffer.alloc(25));
    await publish(world, archivedLater.id, Buffer.alloc(1000));
    await world.uc.apps.archive.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      appId: archivedLater.id,
      context: ctx(world.ownerId),
    });
    const quota = await world.uc.getQuota.execute({
      userId: world.ownerId,
      organizationId: world.organizationId,
    });
    expect(quota.limits.find((l) => l.key === 'files.bytes')?.current).toBe(25);
  });
});

describe('reading releases', () => {
  it('lists newest first and answers 404 for current until one is published', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const read = { caller: team(world.ownerId), workspaceId: world.workspaceId, appId: app.id };
    await expect(world.uc.releases.current.execute(read)).rejects.toMatchObject({
      kind: 'not_found',
      code: 'current_release_not_found',
    });
    const { release: waiting } = await requestUpload(world, app.id, { sizeBytes: 3 });
    world.deps.clock.advance(1);
    const published = await publish(world, app.id);
    expect((await world.uc.releases.list.execute(read)).map((r) => [r.id, r.status])).toEqual([
      [published.id, 'published'],
      [waiting.id, 'awaiting_upload'],
    ]);
    expect((await world.uc.releases.current.execute(read)).id).toBe(published.id);
  });

  it('answers 400 for other kinds, 410 when archived, 403 to machine callers', async () => {
    const world = await aWorkspaceWorld();
    const standalone = await seedApp(world, { kind: 'standalone' });
    const archived = await seedApp(world, { kind: 'shell_federated', status: 'archived' });
    const read = (appId: string, caller = team(world.ownerId)) =>
      world.uc.releases.list.execute({ caller, workspaceId: world.workspaceId, appId });
    await expect(read(standalone.id)).rejects.toMatchObject({ code: 'app_not_shell_federated' });
    await expect(read(archived.id)).rejects.toMatchObject({ code: 'app_archived' });
    await expect(read(archived.id, m2m(world.workspaceId) as never)).rejects.toMatchObject({
      kind: 'forbidden',
    });
  });
});

describe('public release files', () => {
  it('serves a published file with a content type from its extension', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const release = await publish(
      world,
      app.id,
      zipOf([
        { path: 'remoteEntry.js', content: 'entry' },
        { path: 'styles/site.css', content: 'css' },
        { path: 'data.bin', content: 'b' },
      ]),
      { bundle: 'zip' },
    );
    const file = await world.uc.releases.publicFile.execute({
      releaseId: release.id,
      path: 'styles/site.css',
    });
    expect(file).toMatchObject({
      contentType: 'text/css; charset=utf-8',
      sizeBytes: 3,
      digest: release.digest,
    });
    expect(
      (await world.uc.releases.publicFile.execute({ releaseId: release.id, path: 'data.bin' })).contentType,
    ).toBe('application/octet-stream');
  });

  it('answers headers only (HEAD) without opening the file, and the same 404s', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const release = await publish(world, app.id);
    const opened = jest.spyOn(world.deps.blobs, 'get');
    const head = await world.uc.releases.publicFile.execute({
      releaseId: release.id,
      path: 'remoteEntry.js',
      headersOnly: true,
    });
    expect(head).toMatchObject({
      contentType: 'text/javascript; charset=utf-8',
      sizeBytes: REMOTE_ENTRY_JS.length,
    });
    const chunks: Uint8Array[] = [];
    for await (const chunk of head.content) chunks.push(chunk);
    expect(chunks).toEqual([]);
    await expect(
      world.uc.releases.publicFile.execute({ releaseId: release.id, path: 'missing.js', headersOnly: true }),
    ).rejects.toMatchObject({ code: 'release_file_not_found' });
    expect(opened).not.toHaveBeenCalled();
  });

  it('answers the same 404 for a missing file, an unsafe path, an unpublished release and an archived app', async () => {
    const world = await aWorkspaceWorld();
    const app = await aShellApp(world);
    const release = await publish(world, app.id);
    const pending = await uploaded(world, app.id, REMOTE_ENTRY_JS);
    const file = (releaseId: string, path: string) =>
      world.uc.releases.publicFile.execute({ releaseId, path });
    for (const [id, path] of [
      [release.id, 'missing.js'],
      [release.id, '../remoteEntry.js'],
      [release.id, 'a/../remoteEntry.js'],
      [release.id, ''],
      [pending.id, 'remoteEntry.js'],
      ['not-a-release', 'remoteEntry.js'],
    ] as const) {
      await expect(file(id, path)).rejects.toMatchObject({ code: 'release_file_not_found' });
    }
    await world.uc.apps.archive.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      appId: app.id,
      context: ctx(world.ownerId),
    });
    await expect(file(release.id, 'remoteEntry.js')).rejects.toMatchObject({
      code: 'release_file_not_found',
    });
  });
});
