import {
  aMember,
  anotherWorkspace,
  audited,
  aWorkspaceWorld,
  ctx,
  freeze,
  snapshot,
  team,
} from './support/workspace-world';

describe('workloads registry (supplement §12)', () => {
  it('registers a service or a job, active with an empty manifest, audited with the change', async () => {
    const world = await aWorkspaceWorld();
    const writer = await aMember(world, 'writer');
    const service = await world.uc.workloads.create.execute({
      userId: writer,
      workspaceId: world.workspaceId,
      name: ' api ',
      kind: 'service',
      context: ctx(writer),
    });
    expect(service).toMatchObject({
      workspaceId: world.workspaceId,
      name: 'api',
      kind: 'service',
      status: 'active',
      manifest: {},
      archivedAt: null,
    });
    const job = await world.uc.workloads.create.execute({
      userId: writer,
      workspaceId: world.workspaceId,
      name: 'nightly',
      kind: 'job',
      context: ctx(writer),
    });
    expect(job.kind).toBe('job');
    expect(audited(world, 'workload.created').map((e) => e.target.id)).toEqual([service.id, job.id]);
  });

  it('refuses an unknown kind (422), a member without write (403) and a frozen workspace (403), writing nothing', async () => {
    const world = await aWorkspaceWorld();
    const member = await aMember(world, 'member');
    const create = (userId: string, kind = 'service') =>
      world.uc.workloads.create.execute({
        userId,
        workspaceId: world.workspaceId,
        name: 'api',
        kind,
        context: ctx(userId),
      });
    const before = snapshot(world);
    await expect(create(world.ownerId, 'daemon')).rejects.toMatchObject({
      kind: 'invalid',
      code: 'invalid_workload_kind',
    });
    await expect(create(member)).rejects.toMatchObject({ kind: 'forbidden', code: 'permission_denied' });
    await freeze(world);
    const frozen = snapshot(world);
    await expect(create(world.ownerId)).rejects.toMatchObject({
      kind: 'forbidden',
      code: 'workspace_frozen',
    });
    expect(snapshot(world)).toBe(frozen);
    await freeze(world, false);
    expect(JSON.parse(snapshot(world)).workloads).toEqual(JSON.parse(before).workloads);
  });

  it('lists every workload of the workspace to readers, archived ones too, oldest first', async () => {
    const world = await aWorkspaceWorld();
    const otherWorkspace = await anotherWorkspace(world);
    const member = await aMember(world, 'member');
    const make = async (name: string) => {
      const w = await world.uc.workloads.create.execute({
        userId: world.ownerId,
        workspaceId: world.workspaceId,
        name,
        kind: 'service',
        context: ctx(world.ownerId),
      });
      world.deps.clock.advance(1);
      return w;
    };
    const a = await make('a');
    const b = await make('b');
    await world.uc.workloads.archive.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      workloadId: a.id,
      context: ctx(world.ownerId),
    });
    const listed = await world.uc.workloads.list.execute({ userId: member, workspaceId: world.workspaceId });
    expect(listed.map((w) => [w.name, w.status])).toEqual([
      ['a', 'archived'],
      ['b', 'active'],
    ]);
    await expect(
      world.uc.workloads.get.execute({ userId: member, workspaceId: world.workspaceId, workloadId: b.id }),
    ).resolves.toMatchObject({ id: b.id, name: 'b' });
    // Through another workspace the workload does not exist.
    await expect(
      world.uc.workloads.get.execute({
        userId: world.ownerId,
        workspaceId: otherWorkspace,
        workloadId: b.id,
      }),
    ).rejects.toMatchObject({ kind: 'not_found', code: 'workload_not_found' });
    expect(
      await world.uc.workloads.list.execute({ userId: world.ownerId, workspaceId: otherWorkspace }),
    ).toEqual([]);
  });

  it('archives on delete, once; archiving again changes nothing and is allowed while frozen', async () => {
    const world = await aWorkspaceWorld();
    const writer = await aMember(world, 'writer');
    const member = await aMember(world, 'member');
    const w = await world.uc.workloads.create.execute({
      userId: writer,
      workspaceId: world.workspaceId,
      name: 'api',
      kind: 'service',
      context: ctx(writer),
    });
    const archive = (userId: string) =>
      world.uc.workloads.archive.execute({
        userId,
        workspaceId: world.workspaceId,
        workloadId: w.id,
        context: ctx(userId),
      });
    await expect(archive(member)).rejects.toMatchObject({ code: 'permission_denied' });
    await freeze(world);
    world.deps.clock.advance(60);
    await archive(writer);
    const archived = await world.uc.workloads.get.execute({
      userId: writer,
      workspaceId: world.workspaceId,
      workloadId: w.id,
    });
    expect(archived).toMatchObject({ status: 'archived', archivedAt: world.deps.clock.now() });
    await archive(writer);
    expect(audited(world, 'workload.archived')).toHaveLength(1);
    await expect(
      world.uc.workloads.archive.execute({
        userId: writer,
        workspaceId: world.workspaceId,
        workloadId: '00000000-0000-4000-8000-00000000ffff',
        context: ctx(writer),
      }),
    ).rejects.toMatchObject({ code: 'workload_not_found' });
  });
});

describe('workload identity tokens (supplement §3)', () => {
  async function withWorkload() {
    const world = await aWorkspaceWorld();
    const workload = await world.uc.workloads.create.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      name: 'api',
      kind: 'service',
      context: ctx(world.ownerId),
    });
    const issue = (userId = world.ownerId) =>
      world.uc.workloads.issueIdentityToken.execute({
        userId,
        workspaceId: world.workspaceId,
        workloadId: workload.id,
        context: ctx(userId),
      });
    return { world, workload, issue };
  }

  it('issues a one-hour token naming the workspace and the workload, never audited in the clear', async () => {
    const { world, workload, issue } = await withWorkload();
    const token = await issue();
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const claims = await world.deps.signer.verify(token.access_token, { audience: 'workload' });
    expect(claims).toMatchObject({
      typ: 'workload',
      sub: workload.id,
      workspace_id: world.workspaceId,
      coderunner_id: workload.id,
    });
    expect((claims?.exp as number) - (claims?.iat as number)).toBe(3600);
    const [event] = audited(world, 'workload.identity_token_issued');
    expect(event?.target).toEqual({ type: 'workload', id: workload.id });
    expect(JSON.stringify(world.deps.uow.tables.audit)).not.toContain(token.access_token);
  });

  it('is a caller of kind workload until it expires or the workload is archived', async () => {
    const { world, workload, issue } = await withWorkload();
    const { access_token } = await issue();
    await expect(world.uc.authenticateCaller.execute(access_token)).resolves.toEqual({
      kind: 'workload',
      workloadId: workload.id,
      workspaceId: world.workspaceId,
    });
    world.deps.clock.advance(3599);
    await expect(world.uc.authenticateCaller.execute(access_token)).resolves.toMatchObject({
      kind: 'workload',
    });
    world.deps.clock.advance(1);
    await expect(world.uc.authenticateCaller.execute(access_token)).rejects.toMatchObject({
      kind: 'unauthenticated',
    });

    const { access_token: fresh } = await issue();
    await world.uc.workloads.archive.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      workloadId: workload.id,
      context: ctx(world.ownerId),
    });
    await expect(world.uc.authenticateCaller.execute(fresh)).rejects.toMatchObject({
      kind: 'unauthenticated',
      code: 'invalid_token',
    });
  });

  it('needs administer (403 for writers), an active workload (409) and a workspace that is not frozen (403)', async () => {
    const { world, workload, issue } = await withWorkload();
    const writer = await aMember(world, 'writer');
    const orgAdmin = await aMember(world, 'admin', 'organization');
    await expect(issue(writer)).rejects.toMatchObject({ kind: 'forbidden', code: 'permission_denied' });
    await expect(issue(orgAdmin)).resolves.toMatchObject({ token_type: 'Bearer' });
    await freeze(world);
    await expect(issue()).rejects.toMatchObject({ kind: 'forbidden', code: 'workspace_frozen' });
    await freeze(world, false);
    await world.uc.workloads.archive.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      workloadId: workload.id,
      context: ctx(world.ownerId),
    });
    await expect(issue()).rejects.toMatchObject({ kind: 'conflict', code: 'workload_archived' });
  });

  it('denies by default: flag reads of its own workspace only; no secrets, apps or Access', async () => {
    const { world, issue } = await withWorkload();
    const otherWorkspace = await anotherWorkspace(world);
    const caller = await world.uc.authenticateCaller.execute((await issue()).access_token);
    await world.uc.flags.put.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      key: 'beta',
      value: true,
      context: ctx(world.ownerId),
    });
    await expect(world.uc.flags.runtime.execute({ caller, workspaceId: world.workspaceId })).resolves.toEqual(
      {
        beta: true,
      },
    );
    await expect(
      world.uc.flags.runtime.execute({ caller, workspaceId: otherWorkspace }),
    ).rejects.toMatchObject({
      kind: 'forbidden',
    });
    const refused = { kind: 'forbidden', code: 'caller_kind_not_allowed' };
    await expect(
      world.uc.secrets.list.execute({ caller, workspaceId: world.workspaceId, environmentId: null }),
    ).rejects.toMatchObject(refused);
    await expect(
      world.uc.apps.list.execute({ caller, workspaceId: world.workspaceId }),
    ).rejects.toMatchObject(refused);
    await expect(
      world.uc.access.get.execute({ caller, workspaceId: world.workspaceId }),
    ).rejects.toMatchObject(refused);
    // A team token is still a team token.
    await expect(
      world.uc.access.get.execute({ caller: team(world.ownerId), workspaceId: world.workspaceId }),
    ).resolves.toMatchObject({ workspaceId: world.workspaceId });
  });
});
