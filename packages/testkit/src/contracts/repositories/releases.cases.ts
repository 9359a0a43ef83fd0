/// <reference types="jest" />
import { type CustomDomain, defaultSignInConfig, type Release, type UnitOfWork } from '@groundfloor/domain';
import { anApp, anEnvironment, anOrganization, at, aWorkspace, newId } from '../contract-fixtures';
import { expectDuplicate } from '../expect-duplicate';

function aRelease(workspaceId: string, appId: string, overrides: Partial<Release> = {}): Release {
  const id = newId();
  return {
    id,
    workspaceId,
    appId,
    bundle: 'zip',
    label: 'v1',
    sizeBytes: 33_554_432,
    status: 'published',
    uploadKey: null,
    uploadedBytes: 33_554_432,
    uploadSha256: 'ab'.repeat(32),
    contentPrefix: `releases/${id}/files/`,
    entryPath: 'dist/remoteEntry.js',
    digest: `sha256:${'ab'.repeat(32)}`,
    publishedBytes: 1000,
    current: false,
    refusal: null,
    createdAt: at(0),
    uploadExpiresAt: at(3600),
    uploadedAt: at(10),
    publishedAt: at(20),
    ...overrides,
  };
}

function aCustomDomain(
  workspaceId: string,
  appId: string,
  overrides: Partial<CustomDomain> = {},
): CustomDomain {
  return {
    id: newId(),
    workspaceId,
    appId,
    domain: `shop-${newId().slice(0, 8)}.example.com`,
    status: 'pending',
    verificationToken: `token-${newId()}`,
    lastCheckedAt: null,
    detail: null,
    createdAt: at(0),
    ...overrides,
  };
}

/** An organization with two workspaces, each with an active app and one more app, archived, in the first. */
async function tenancy(uow: UnitOfWork) {
  const org = anOrganization();
  const workspace = aWorkspace(org.id);
  const second = aWorkspace(org.id);
  const dev = anEnvironment(workspace.id);
  const secondDev = anEnvironment(second.id);
  const app = anApp(workspace.id, dev.id, { kind: 'standalone' });
  const archived = anApp(workspace.id, dev.id, { status: 'archived', archivedAt: at(5) });
  const elsewhere = anApp(second.id, secondDev.id);
  await uow.transaction(async (tx) => {
    await tx.organizations.save(org);
    for (const w of [workspace, second]) await tx.workspaces.save(w);
    for (const e of [dev, secondDev]) await tx.environments.save(e);
    for (const a of [app, archived, elsewhere]) await tx.apps.save(a);
  });
  return { org, workspace, second, app, archived, elsewhere };
}

/** Releases, custom domains and app endpoint settings (issue 10). */
export function releasesAndDomainsCases(uow: () => UnitOfWork): void {
  describe('releases', () => {
    it('round-trips every field, byte counts past 32 bits included, and finds only under its app', async () => {
      const { workspace, app, elsewhere } = await tenancy(uow());
      const release = aRelease(workspace.id, app.id, { publishedBytes: 3_000_000_000, label: null });
      const waiting = aRelease(workspace.id, app.id, {
        status: 'awaiting_upload',
        uploadedBytes: null,
        uploadSha256: null,
        entryPath: null,
        digest: null,
        publishedBytes: null,
        uploadedAt: null,
        publishedAt: null,
        bundle: 'remote_entry',
      });
      await uow().transaction(async (tx) => {
        await tx.releases.save(release);
        await tx.releases.save(waiting);
      });
      expect(await uow().read.releases.findById(app.id, release.id)).toEqual(release);
      expect(await uow().read.releases.findById(app.id, waiting.id)).toEqual(waiting);
      expect(await uow().read.releases.findById(elsewhere.id, release.id)).toBeNull();
      expect(await uow().read.releases.findById(app.id, 'not-a-uuid')).toBeNull();
      expect(await uow().read.releases.findPublishedById(release.id)).toEqual(release);
      expect(await uow().read.releases.findPublishedById(waiting.id)).toBeNull();
      expect(await uow().read.releases.findPublishedById('not-a-uuid')).toBeNull();
    });

    it('updates a release saved again, under a row lock', async () => {
      const { workspace, app } = await tenancy(uow());
      const release = aRelease(workspace.id, app.id, {
        status: 'uploaded',
        uploadKey: 'releases/x/uploads/1',
      });
      await uow().transaction((tx) => tx.releases.save(release));
      await uow().transaction(async (tx) => {
        const locked = await tx.releases.findByIdForUpdate(app.id, release.id);
        expect(locked).toEqual(release);
        await tx.releases.save({
          ...release,
          status: 'refused',
          refusal: 'zip_unsafe_path',
          uploadKey: null,
        });
      });
      expect(await uow().read.releases.findById(app.id, release.id)).toMatchObject({
        status: 'refused',
        refusal: 'zip_unsafe_path',
        uploadKey: null,
      });
    });

    it('holds one current release per app', async () => {
      const { workspace, app, elsewhere } = await tenancy(uow());
      const first = aRelease(workspace.id, app.id, { current: true });
      const second = aRelease(workspace.id, app.id, { current: true });
      await uow().transaction((tx) => tx.releases.save(first));
      await expectDuplicate(uow().transaction((tx) => tx.releases.save(second)));
      await uow().transaction(async (tx) => {
        await tx.releases.save({ ...first, current: false });
        await tx.releases.save(second);
        await tx.releases.save(aRelease(elsewhere.workspaceId, elsewhere.id, { current: true }));
      });
      expect((await uow().read.releases.findCurrent(app.id))?.id).toBe(second.id);
      expect(await uow().read.releases.findCurrent(newId())).toBeNull();
    });

    it('lists an app’s releases newest first (ties by id, descending), at most the limit', async () => {
      const { workspace, app } = await tenancy(uow());
      const old = aRelease(workspace.id, app.id, { createdAt: at(10) });
      const tiedA = aRelease(workspace.id, app.id, { createdAt: at(20) });
      const tiedB = aRelease(workspace.id, app.id, { createdAt: at(20) });
      await uow().transaction(async (tx) => {
        for (const r of [tiedA, old, tiedB]) await tx.releases.save(r);
      });
      const tied = [tiedA, tiedB].sort((a, b) => (a.id < b.id ? 1 : -1)).map((r) => r.id);
      expect((await uow().read.releases.listByApp(app.id, 10)).map((r) => r.id)).toEqual([...tied, old.id]);
      expect((await uow().read.releases.listByApp(app.id, 2)).map((r) => r.id)).toEqual(tied);
    });

    it('sums the current releases of the organization’s active apps as files.bytes', async () => {
      const { org, workspace, second, app, archived, elsewhere } = await tenancy(uow());
      const unrelated = await tenancy(uow());
      await uow().transaction(async (tx) => {
        await tx.releases.save(
          aRelease(workspace.id, app.id, { current: true, publishedBytes: 3_000_000_000 }),
        );
        await tx.releases.save(aRelease(workspace.id, app.id, { current: false, publishedBytes: 500 }));
        await tx.releases.save(aRelease(workspace.id, archived.id, { current: true, publishedBytes: 70 }));
        await tx.releases.save(aRelease(second.id, elsewhere.id, { current: true, publishedBytes: 25 }));
        await tx.releases.save(
          aRelease(unrelated.workspace.id, unrelated.app.id, { current: true, publishedBytes: 9 }),
        );
      });
      expect(await uow().read.releases.sumActiveBytes(org.id)).toBe(3_000_000_025);
      expect(await uow().read.releases.sumActiveBytes(newId())).toBe(0);
    });

    it('shows apps their published releases and publishes a copy as another app’s current release', async () => {
      const { workspace, app } = await tenancy(uow());
      const target = anApp(workspace.id, app.environmentId, { slug: `t-${newId().slice(0, 8)}` });
      const published = aRelease(workspace.id, app.id, { current: true, label: 'v2' });
      const unpublished = aRelease(workspace.id, app.id, { status: 'uploaded' });
      await uow().transaction(async (tx) => {
        await tx.apps.save(target);
        await tx.releases.save(published);
        await tx.releases.save(unpublished);
      });
      const view = {
        releaseId: published.id,
        appId: app.id,
        label: 'v2',
        entryPath: 'dist/remoteEntry.js',
        digest: published.digest as string,
      };
      expect(await uow().read.appReleases.findCurrent(app.id)).toEqual(view);
      expect(await uow().read.appReleases.findPublished(app.id, published.id)).toEqual(view);
      expect(await uow().read.appReleases.findPublished(app.id, unpublished.id)).toBeNull();

      const first = newId();
      const second = newId();
      await uow().transaction((tx) => tx.appReleases.publishCopy(view, target.id, first, at(100)));
      const copied = await uow().transaction((tx) =>
        tx.appReleases.publishCopy(view, target.id, second, at(200)),
      );
      expect(copied).toEqual({ ...view, releaseId: second, appId: target.id });
      expect(await uow().read.appReleases.findCurrent(target.id)).toEqual(copied);
      expect(await uow().read.releases.findById(target.id, second)).toMatchObject({
        contentPrefix: published.contentPrefix,
        publishedBytes: published.publishedBytes,
        current: true,
        createdAt: at(200),
      });
      expect(await uow().read.releases.findById(target.id, first)).toMatchObject({ current: false });
      expect(await uow().read.appReleases.findCurrent(app.id)).toEqual(view);
    });
  });

  describe('custom domains', () => {
    it('round-trips, finds only under its app and lists by name', async () => {
      const { workspace, app, elsewhere } = await tenancy(uow());
      const zeta = aCustomDomain(workspace.id, app.id, { domain: `zeta-${newId().slice(0, 8)}.example` });
      const alpha = aCustomDomain(workspace.id, app.id, { domain: `alpha-${newId().slice(0, 8)}.example` });
      await uow().transaction(async (tx) => {
        await tx.customDomains.insert(zeta);
        await tx.customDomains.insert(alpha);
      });
      expect(await uow().read.customDomains.find(app.id, zeta.domain)).toEqual(zeta);
      expect(await uow().read.customDomains.find(elsewhere.id, zeta.domain)).toBeNull();
      expect(await uow().read.customDomains.find('not-a-uuid', zeta.domain)).toBeNull();
      expect(await uow().read.customDomains.listByApp(app.id)).toEqual([alpha, zeta]);
      expect(await uow().read.customDomains.listByApp(elsewhere.id)).toEqual([]);
    });

    it('holds a domain once across the whole platform', async () => {
      const { workspace, app } = await tenancy(uow());
      const other = await tenancy(uow());
      const taken = aCustomDomain(workspace.id, app.id);
      await uow().transaction((tx) => tx.customDomains.insert(taken));
      await expectDuplicate(
        uow().transaction((tx) =>
          tx.customDomains.insert(aCustomDomain(other.workspace.id, other.app.id, { domain: taken.domain })),
        ),
      );
      expect(await uow().read.customDomains.listByApp(other.app.id)).toEqual([]);
    });

    it('updates the check results and deletes', async () => {
      const { workspace, app } = await tenancy(uow());
      const domain = aCustomDomain(workspace.id, app.id);
      await uow().transaction((tx) => tx.customDomains.insert(domain));
      const checked: CustomDomain = {
        ...domain,
        status: 'active',
        lastCheckedAt: at(60),
        detail: 'points at x',
      };
      await uow().transaction(async (tx) => {
        expect(await tx.customDomains.findForUpdate(app.id, domain.domain)).toEqual(domain);
        await tx.customDomains.update(checked);
      });
      expect(await uow().read.customDomains.find(app.id, domain.domain)).toEqual(checked);
      expect(await uow().transaction((tx) => tx.customDomains.delete(app.id, domain.domain))).toBe(true);
      expect(await uow().transaction((tx) => tx.customDomains.delete(app.id, domain.domain))).toBe(false);
      expect(await uow().read.customDomains.find(app.id, domain.domain)).toBeNull();
    });

    it('finds a domain by name, whichever app has it', async () => {
      const { workspace, app } = await tenancy(uow());
      const domain = aCustomDomain(workspace.id, app.id);
      await uow().transaction((tx) => tx.customDomains.insert(domain));
      expect(await uow().read.customDomains.findByDomain(domain.domain)).toEqual(domain);
      expect(await uow().read.customDomains.findByDomain(`x${domain.domain}`)).toBeNull();
    });

    it('knows the custom sign-in hosts workspaces claim as branded hosts, pending or verified', async () => {
      const { workspace } = await tenancy(uow());
      const host = `login-${newId().slice(0, 8)}.example.com`;
      expect(await uow().read.brandedHosts.isBrandedHost(host)).toBe(false);
      const config = defaultSignInConfig(workspace.id, at(0));
      config.host = {
        customDomain: host,
        customDomainStatus: 'pending',
        verificationToken: 't',
        claimedAt: at(0),
        verifiedAt: null,
      };
      await uow().transaction((tx) => tx.signInConfigs.save(config));
      expect(await uow().read.brandedHosts.isBrandedHost(host)).toBe(true);
      expect(await uow().read.brandedHosts.isBrandedHost(host.toUpperCase())).toBe(true);
      expect(await uow().read.brandedHosts.isBrandedHost(`www.${host}`)).toBe(false);
    });
  });

  describe('app endpoints', () => {
    it('has no setting until one is saved, then the latest', async () => {
      const { workspace, app } = await tenancy(uow());
      expect(await uow().read.appEndpoints.find(app.id)).toBeNull();
      await uow().transaction((tx) =>
        tx.appEndpoints.save({ appId: app.id, workspaceId: workspace.id, public: true, updatedAt: at(1) }),
      );
      await uow().transaction((tx) =>
        tx.appEndpoints.save({ appId: app.id, workspaceId: workspace.id, public: false, updatedAt: at(2) }),
      );
      expect(await uow().read.appEndpoints.find(app.id)).toEqual({
        appId: app.id,
        workspaceId: workspace.id,
        public: false,
        updatedAt: at(2),
      });
    });
  });
}
