import { type FakeDeps, fakeDeps } from '@groundfloor/testkit';
import { createUseCases, type Secret, type TeamPrincipal } from '../src';

/*
 * Ceilings on what a workspace holds (docs/security.md): 5,000 flags, 1,000
 * secrets per set, 100 environments, 100 M2M clients, 1,000 data
 * collections, 1,000 active workloads. The numbers are
 * written out here, not read from `Limits`, so a changed limit fails a test.
 */

const ctx = (userId: string) => ({ actor: { kind: 'user' as const, id: userId }, ip: null });

async function setup() {
  const deps = fakeDeps();
  const uc = createUseCases(deps);
  const created = await uc.operator.createOrganization.execute({
    name: 'Acme',
    planTier: 'free',
    ownerEmail: 'owner@acme.test',
    ownerPassword: 'owner password',
    ip: null,
  });
  const userId = created.ownerMembership.userId;
  const workspace = await uc.createWorkspace.execute({
    userId,
    organizationId: created.organization.id,
    name: 'Main',
    context: ctx(userId),
  });
  const caller: TeamPrincipal = { kind: 'team', userId, sessionId: 's', passwordChangeRequired: false };
  const environments = await uc.listEnvironments.execute({ userId, workspaceId: workspace.id });
  const devId = (environments[0] as { id: string }).id;
  return { deps, uc, userId, caller, workspaceId: workspace.id, devId };
}

const snapshot = (deps: FakeDeps) => JSON.stringify(deps.uow.tables.clone());

/** A refusal that names the ceiling, and leaves every table as it was. */
async function expectRefused(deps: FakeDeps, work: Promise<unknown>, limit: string) {
  const before = snapshot(deps);
  await expect(work).rejects.toMatchObject({
    kind: 'conflict',
    code: 'limit_reached',
    detail: expect.stringContaining(limit),
  });
  expect(snapshot(deps)).toBe(before);
}

const sealed = { keyId: 'k', wrappedKey: 'w', iv: 'i', ciphertext: 'c', tag: 't' };

async function seedSecrets(
  deps: FakeDeps,
  workspaceId: string,
  environmentId: string | null,
  keys: readonly string[],
) {
  const now = deps.clock.now();
  await deps.uow.transaction(async (tx) => {
    for (const key of keys) {
      const secret: Secret = {
        id: deps.ids.next(),
        workspaceId,
        environmentId,
        key,
        description: null,
        sealed,
        createdAt: now,
        updatedAt: now,
      };
      await tx.secrets.save(secret);
    }
  });
}

const keys = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);

describe('ceilings', () => {
  it('a workspace holds at most 5,000 flags; values of existing flags still change', async () => {
    const { deps, uc, userId, workspaceId } = await setup();
    const now = deps.clock.now();
    await deps.uow.transaction(async (tx) => {
      for (const key of keys('seeded.', 4_999))
        await tx.flags.save({ workspaceId, key, value: 1, updatedAt: now });
    });
    const put = (key: string) =>
      uc.flags.put.execute({ userId, workspaceId, key, value: true, context: ctx(userId) });
    await put('the.five.thousandth');
    await expectRefused(deps, put('one.too.many'), '5,000 flags per workspace');
    await expect(put('seeded.7')).resolves.toMatchObject({ key: 'seeded.7', value: true });
    await uc.flags.delete.execute({ userId, workspaceId, key: 'seeded.8', context: ctx(userId) });
    await expect(put('one.too.many')).resolves.toMatchObject({ key: 'one.too.many' });
  });

  it('two concurrent flag creates at 4,999 flags: one passes', async () => {
    const { deps, uc, userId, workspaceId } = await setup();
    const now = deps.clock.now();
    await deps.uow.transaction(async (tx) => {
      for (const key of keys('seeded.', 4_999))
        await tx.flags.save({ workspaceId, key, value: 1, updatedAt: now });
    });
    const results = await Promise.allSettled(
      ['a', 'b'].map((key) =>
        uc.flags.put.execute({ userId, workspaceId, key, value: 1, context: ctx(userId) }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await deps.uow.read.flags.countByWorkspace(workspaceId)).toBe(5_000);
  });

  it('a secret set holds at most 1,000 secrets, counted per set; replacing a value still works', async () => {
    const { deps, uc, caller, userId, workspaceId, devId } = await setup();
    await seedSecrets(deps, workspaceId, devId, keys('K', 999));
    const upsert = (environmentId: string | null, key: string) =>
      uc.secrets.upsert.execute({
        caller,
        workspaceId,
        environmentId,
        key,
        value: 'v',
        context: ctx(userId),
      });
    await expect(upsert(devId, 'THOUSANDTH')).resolves.toMatchObject({ created: true });
    await expectRefused(deps, upsert(devId, 'ONE_TOO_MANY'), '1,000 secrets per set');
    await expect(upsert(devId, 'K5')).resolves.toMatchObject({ created: false });
    // The workspace-wide set is another set, and its platform-managed key is not counted.
    await seedSecrets(deps, workspaceId, null, keys('W', 999));
    await expect(upsert(null, 'THOUSANDTH')).resolves.toMatchObject({ created: true });
    await expectRefused(deps, upsert(null, 'ONE_TOO_MANY'), '1,000 secrets per set');
  });

  it('promote copies new keys until the target set is full and reports the rest as limit_reached', async () => {
    const { deps, uc, caller, userId, workspaceId, devId } = await setup();
    const prod = await uc.createEnvironment.execute({
      userId,
      workspaceId,
      name: 'prod',
      context: ctx(userId),
    });
    await seedSecrets(deps, workspaceId, prod.id, keys('P', 998));
    for (const key of ['A', 'B', 'C', 'D', 'P1']) {
      await uc.secrets.upsert.execute({
        caller,
        workspaceId,
        environmentId: devId,
        key,
        value: 'v',
        context: ctx(userId),
      });
    }
    const promote = (dryRun: boolean, mode = 'skip_existing') =>
      uc.secrets.promote.execute({
        caller,
        workspaceId,
        sourceEnvironmentId: devId,
        targetEnvironmentId: prod.id,
        mode,
        dryRun,
        context: ctx(userId),
      });
    const expected = {
      copied: ['A', 'B'],
      skipped: ['P1'],
      failed: [
        { key: 'C', error: 'limit_reached' },
        { key: 'D', error: 'limit_reached' },
      ],
    };
    await expect(promote(true)).resolves.toMatchObject(expected);
    expect(await deps.uow.read.secrets.countSet(workspaceId, prod.id, [])).toBe(998);
    await expect(promote(false)).resolves.toMatchObject(expected);
    expect(await deps.uow.read.secrets.countSet(workspaceId, prod.id, [])).toBe(1_000);
    // A full set still takes overwrites of the keys it holds.
    await expect(promote(false, 'overwrite')).resolves.toMatchObject({
      copied: ['A', 'B', 'P1'],
      failed: [
        { key: 'C', error: 'limit_reached' },
        { key: 'D', error: 'limit_reached' },
      ],
    });
  });

  it('a workspace holds at most 100 environments, its first `dev` included', async () => {
    const { deps, uc, userId, workspaceId } = await setup();
    await deps.uow.transaction(async (tx) => {
      for (const name of keys('env-', 98)) {
        await tx.environments.save({
          id: deps.ids.next(),
          workspaceId,
          name,
          status: 'active',
          createdAt: deps.clock.now(),
        });
      }
    });
    const create = (name: string) =>
      uc.createEnvironment.execute({ userId, workspaceId, name, context: ctx(userId) });
    await expect(create('hundredth')).resolves.toMatchObject({ name: 'hundredth' });
    await expectRefused(deps, create('one-too-many'), '100 environments per workspace');
    // Environments cannot be deleted: the refusal does not tell the caller to delete one.
    await expect(create('one-too-many')).rejects.toMatchObject({
      detail: expect.stringContaining('inactive ones count too'),
    });
    await expect(create('one-too-many')).rejects.toMatchObject({
      detail: expect.not.stringContaining('delete one'),
    });
  });

  it('a workspace holds at most 1,000 data collections; deleting one makes room', async () => {
    const { deps, uc, userId, workspaceId } = await setup();
    await deps.uow.transaction(async (tx) => {
      for (const name of keys('c', 999))
        await tx.collections.insert({ workspaceId, name, createdAt: deps.clock.now(), workloadGrants: [] });
    });
    const create = (name: string) =>
      uc.collections.create.execute({ userId, workspaceId, name, context: ctx(userId) });
    await expect(create('thousandth')).resolves.toMatchObject({ name: 'thousandth' });
    await expectRefused(deps, create('one_too_many'), '1,000 data collections per workspace');
    await uc.collections.delete.execute({ userId, workspaceId, name: 'c0', context: ctx(userId) });
    await expect(create('one_too_many')).resolves.toMatchObject({ name: 'one_too_many' });
  });

  it('a workspace holds at most 1,000 active workloads; archiving one makes room', async () => {
    const { deps, uc, userId, workspaceId } = await setup();
    await deps.uow.transaction(async (tx) => {
      for (const [i, name] of keys('w', 1_001).entries())
        await tx.workloads.save({
          id: deps.ids.next(),
          workspaceId,
          name,
          kind: 'service',
          // One archived: it does not count.
          status: i === 0 ? 'archived' : 'active',
          manifest: {},
          createdAt: deps.clock.now(),
          archivedAt: i === 0 ? deps.clock.now() : null,
        });
    });
    const create = (name: string) =>
      uc.workloads.create.execute({ userId, workspaceId, name, kind: 'job', context: ctx(userId) });
    await expectRefused(deps, create('one too many'), '1,000 active workloads per workspace');
    const [first] = (await uc.workloads.list.execute({ userId, workspaceId })).filter(
      (w) => w.status === 'active',
    );
    await uc.workloads.archive.execute({
      userId,
      workspaceId,
      workloadId: first?.id as string,
      context: ctx(userId),
    });
    await expect(create('one too many')).resolves.toMatchObject({ name: 'one too many' });
  });

  it('a workspace holds at most 100 M2M clients; deleting one makes room', async () => {
    const { deps, uc, userId, workspaceId } = await setup();
    const create = (name: string) =>
      uc.m2m.createClient.execute({ userId, workspaceId, name, scopes: [], context: ctx(userId) });
    const clients = [];
    for (const name of keys('client ', 100)) clients.push((await create(name)).client);
    await expectRefused(deps, create('one too many'), '100 M2M clients per workspace');
    await uc.m2m.deleteClient.execute({
      userId,
      workspaceId,
      clientId: (clients[0] as { id: string }).id,
      context: ctx(userId),
    });
    await expect(create('one too many')).resolves.toMatchObject({ client: { name: 'one too many' } });
  });
});
