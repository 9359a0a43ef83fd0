import { type App, createUseCases, type Deps, type UnitOfWork } from '@groundfloor/domain';
import {
  createThrowawayDatabase,
  type Database,
  openDatabase,
  type ThrowawayDatabase,
} from '@groundfloor/persistence-typeorm';
import { fakeDeps } from '@groundfloor/testkit';

const adminUrl = process.env.TEST_DATABASE_URL;
const describeWithPostgres = adminUrl ? describe : describe.skip;

/**
 * A unit of work whose transactions each stop after their slug check until
 * every racer has checked: both see the slug free, so only the unique
 * index can keep the second app out.
 */
function racingSlugChecks(inner: UnitOfWork, racers: number): { uow: UnitOfWork; seen: (App | null)[] } {
  const seen: (App | null)[] = [];
  let release = () => {};
  const allChecked = new Promise<void>((resolve) => {
    release = resolve;
  });
  const uow: UnitOfWork = {
    read: inner.read,
    batch: (work) => inner.batch(work),
    transaction: (work) =>
      inner.transaction((tx) => {
        const findBySlug = async (workspaceId: string, slug: string) => {
          const found = await tx.apps.findBySlug(workspaceId, slug);
          seen.push(found);
          if (seen.length === racers) release();
          await allChecked;
          return found;
        };
        return work({ ...tx, apps: Object.assign(Object.create(tx.apps), { findBySlug }) });
      }),
  };
  return { uow, seen };
}

describeWithPostgres('app slugs under concurrent creates on PostgreSQL', () => {
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

  it('lets one of two concurrent creates with one slug win; the other gets 409 app_slug_taken', async () => {
    if (!database) throw new Error('the database did not open');
    const deps: Deps = { ...fakeDeps(), uow: database.uow };
    const setup = createUseCases(deps);
    const created = await setup.operator.createOrganization.execute({
      name: 'Acme',
      planTier: 'free',
      ownerEmail: 'owner@race.test',
      ownerPassword: 'owner password',
      ip: null,
    });
    const userId = created.ownerMembership.userId;
    const context = { actor: { kind: 'user' as const, id: userId }, ip: null };
    const workspace = await setup.createWorkspace.execute({
      userId,
      organizationId: created.organization.id,
      name: 'Main',
      context,
    });

    const racing = racingSlugChecks(database.uow, 2);
    const uc = createUseCases({ ...deps, uow: racing.uow });
    const create = (name: string) =>
      uc.apps.create.execute({ userId, workspaceId: workspace.id, name, slug: 'shop', context });
    const outcomes = await Promise.allSettled([create('First'), create('Second')]);

    // Both transactions saw the slug free: the checks alone would have let both in.
    expect(racing.seen).toEqual([null, null]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const [refused] = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused?.reason).toMatchObject({ kind: 'conflict', code: 'app_slug_taken' });
    const apps = await database.uow.read.apps.list({
      workspaceId: workspace.id,
      kinds: ['shell_federated'],
      includeArchived: true,
      limit: 10,
    });
    expect(apps.map((a) => a.slug)).toEqual(['shop']);
    // The loser's audit event rolled back with it.
    const events = await database.uow.read.audit.list({
      scope: { type: 'workspace', id: workspace.id },
      action: 'app.created',
      limit: 10,
    });
    expect(events).toHaveLength(1);
  });
});
