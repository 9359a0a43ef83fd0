import { createUseCases, type Deps, type RequestContext } from '@groundfloor/domain';
import {
  createThrowawayDatabase,
  type Database,
  openDatabase,
  type ThrowawayDatabase,
} from '@groundfloor/persistence-typeorm';
import { chunksOf, fakeDeps } from '@groundfloor/testkit';

const adminUrl = process.env.TEST_DATABASE_URL;
const describeWithPostgres = adminUrl ? describe : describe.skip;

describeWithPostgres('releases and domains under concurrent requests on PostgreSQL', () => {
  let throwaway: ThrowawayDatabase | undefined;
  let database: Database | undefined;

  beforeAll(async () => {
    throwaway = await createThrowawayDatabase(adminUrl as string);
    database = await openDatabase({ databaseUrl: throwaway.url, dataDir: '/nonexistent', poolSize: 4 });
  });
  afterAll(async () => {
    await database?.close();
    await throwaway?.drop();
  });

  // One set of fakes for every test: its ids keep counting, so rows never collide.
  const fakes = fakeDeps();

  async function world() {
    if (!database) throw new Error('the database did not open');
    const deps: Deps = { ...fakes, uow: database.uow };
    const uc = createUseCases(deps);
    const created = await uc.operator.createOrganization.execute({
      name: 'Acme',
      planTier: 'free',
      ownerEmail: `owner-${Math.random().toString(36).slice(2)}@race.test`,
      ownerPassword: 'owner password',
      ip: null,
    });
    const userId = created.ownerMembership.userId;
    const context: RequestContext = { actor: { kind: 'user', id: userId }, ip: null };
    const workspace = await uc.createWorkspace.execute({
      userId,
      organizationId: created.organization.id,
      name: 'Main',
      context,
    });
    return { database, uc, userId, context, workspaceId: workspace.id };
  }

  it('publishes two releases of one app finalized together, and leaves exactly one current', async () => {
    const { database, uc, userId, context, workspaceId } = await world();
    const app = await uc.apps.create.execute({
      userId,
      workspaceId,
      name: 'Portal',
      slug: 'portal',
      context,
    });
    const uploaded = await Promise.all(
      ['one', 'two'].map(async (text) => {
        const bytes = Buffer.from(text);
        const { release } = await uc.releases.createUpload.execute({
          userId,
          workspaceId,
          appId: app.id,
          sizeBytes: bytes.length,
          context,
        });
        await uc.releases.uploadContent.execute({
          userId,
          workspaceId,
          appId: app.id,
          releaseId: release.id,
          content: chunksOf(bytes),
          context,
        });
        return release;
      }),
    );
    const outcomes = await Promise.allSettled(
      uploaded.map((r) =>
        uc.releases.finalize.execute({ userId, workspaceId, appId: app.id, releaseId: r.id, context }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    const releases = await database.uow.read.releases.listByApp(app.id, 10);
    expect(releases.map((r) => r.status)).toEqual(['published', 'published']);
    expect(releases.filter((r) => r.current)).toHaveLength(1);
  });

  it('lets one of two concurrent adds of one domain win; the other gets 409', async () => {
    const { database, uc, userId, context, workspaceId } = await world();
    const workload = await uc.workloads.create.execute({
      userId,
      workspaceId,
      name: 'api',
      kind: 'service',
      context,
    });
    const apps = await Promise.all(
      ['shop', 'store'].map((slug) =>
        uc.apps.create.execute({
          userId,
          workspaceId,
          name: slug,
          slug,
          appKind: 'standalone',
          primaryCoderunnerId: workload.id,
          context,
        }),
      ),
    );
    const domain = `race-${Math.random().toString(36).slice(2)}.example.com`;
    const outcomes = await Promise.allSettled(
      apps.map((a) => uc.domains.add.execute({ userId, workspaceId, appId: a.id, domain, context })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const [refused] = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused?.reason).toMatchObject({ kind: 'conflict', code: 'domain_already_added' });
    const held = await Promise.all(apps.map((a) => database.uow.read.customDomains.listByApp(a.id)));
    expect(held.flat().map((d) => d.domain)).toEqual([domain]);
  });
});
