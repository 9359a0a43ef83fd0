import { releaseFile, releaseRoutes } from './support/releases';
import { userIdOf } from './support/seed';
import { appSeeder } from './support/seed-apps';
import { startTestServer, type TestServer } from './support/test-server';
import { workspaceWithOwner } from './support/workspace';
import { buildZip, type EntrySpec, zerosEntry } from './support/zips';

const MiB = 1024 * 1024;
const js = (text: string) => Buffer.from(text, 'utf8');
const remoteEntry: EntrySpec = { name: 'remoteEntry.js', data: js('export {}') };

/*
 * Supplement §9 over HTTP: hostile zips uploaded and finalized through the
 * real routes, unpacked by the real extractor into the real blob store.
 * Each refusal is 400, leaves the release refused, serves nothing of it and
 * keeps the app's current release.
 */
// Archive and DNS handling do not depend on the database: the embedded one is enough.
describe.each(['pglite'] as const)('hostile release archives on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  async function shellApp() {
    const w = await workspaceWithOwner(t);
    const apps = await appSeeder(t, await userIdOf(t, w.owner.email), w.workspaceId);
    const app = await apps.shellApp();
    const releases = releaseRoutes(t, w.auth, w.workspaceId, app.id);
    const published = await releases.publish(js('export const good = 1;'));
    return { releases, currentId: published.releaseId };
  }

  /** Finalizes `archive` and expects 400 `code`; nothing of it is served and the current release stays. */
  async function expectRefused(archive: Buffer, code: string, probe = 'remoteEntry.js') {
    const { releases, currentId } = await shellApp();
    const { releaseId, res } = await releases.publish(archive, { bundle: 'zip' });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code });
    const listed = (await releases.list().expect(200)).body.releases[0];
    expect(listed).toMatchObject({ release_id: releaseId, status: 'refused', refusal: code, current: false });
    const file = await releaseFile(t, releaseId, probe).expect(404);
    expect(file.body.code).toBe('release_file_not_found');
    expect((await releases.current().expect(200)).body.release_id).toBe(currentId);
    await releases.finalize(releaseId).expect(409, /release_already_finalized/);
    return res.body.detail as string;
  }

  it('refuses `..` paths, naming the entry', async () => {
    const detail = await expectRefused(
      buildZip([remoteEntry, { name: '../../evil.js', data: js('pwned') }]),
      'zip_unsafe_path',
    );
    expect(detail).toContain('"../../evil.js"');
    await expectRefused(
      buildZip([remoteEntry, { name: 'dist/../../x.js', data: js('x') }]),
      'zip_unsafe_path',
    );
    await expectRefused(buildZip([remoteEntry, { name: '..\\evil.js', data: js('x') }]), 'zip_unsafe_path');
  });

  it('refuses absolute paths and drive letters', async () => {
    await expectRefused(
      buildZip([remoteEntry, { name: '/etc/cron.d/evil', data: js('x') }]),
      'zip_unsafe_path',
    );
    await expectRefused(buildZip([remoteEntry, { name: 'C:/evil.js', data: js('x') }]), 'zip_unsafe_path');
  });

  it('refuses symbolic links, whatever they point at', async () => {
    const link: EntrySpec = { name: 'assets/passwd', data: js('/etc/passwd'), method: 0, mode: 0o120777 };
    await expectRefused(buildZip([remoteEntry, link]), 'zip_link_entry');
    await expectRefused(
      buildZip([{ name: 'dist/', data: js('/'), method: 0, mode: 0o120755 }, remoteEntry]),
      'zip_link_entry',
    );
  });

  it('refuses a zip bomb that honestly declares 257 MiB, before inflating it', async () => {
    const bomb = await zerosEntry('bomb.bin', 257 * MiB);
    const archive = buildZip([remoteEntry, bomb]);
    expect(archive.length).toBeLessThan(MiB);
    await expectRefused(archive, 'zip_too_large');
  });

  it('refuses an entry whose headers understate what it inflates to', async () => {
    const liar: EntrySpec = { name: 'small.bin', data: Buffer.alloc(4 * MiB), declaredSize: 1000 };
    await expectRefused(buildZip([remoteEntry, liar]), 'zip_invalid');
  });

  it('refuses more than 2,000 entries', async () => {
    const entries: EntrySpec[] = [
      remoteEntry,
      ...Array.from({ length: 2000 }, (_, i) => ({ name: `chunks/${i}.js`, data: js(''), method: 0 })),
    ];
    await expectRefused(buildZip(entries), 'zip_too_many_entries');
  });

  it('refuses duplicates, and uploads that are not readable zips', async () => {
    await expectRefused(
      buildZip([remoteEntry, { name: 'remoteEntry.js', data: js('2') }]),
      'zip_duplicate_entry',
    );
    await expectRefused(js('just some text, not an archive at all'), 'zip_invalid');
    await expectRefused(
      buildZip([remoteEntry, { name: 'b.js', data: js('b') }]).subarray(0, 60),
      'zip_invalid',
    );
    await expectRefused(buildZip([{ name: 'remoteEntry.js', data: js('x'), flags: 0x801 }]), 'zip_invalid');
  });
});
