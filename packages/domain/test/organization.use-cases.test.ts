import { type FakeDeps, fakeDeps } from '@groundfloor/testkit';
import { createUseCases, type Membership, type Role } from '../src';

const ctx = (userId: string) => ({ actor: { kind: 'user' as const, id: userId }, ip: null });

async function setup(settings: Parameters<typeof fakeDeps>[0] = {}) {
  const deps = fakeDeps(settings);
  const uc = createUseCases(deps);
  const created = await uc.operator.createOrganization.execute({
    name: 'Acme',
    planTier: 'free',
    ownerEmail: 'owner@acme.test',
    ownerPassword: 'owner password',
    ip: null,
  });
  return { deps, uc, org: created.organization, ownerId: created.ownerMembership.userId };
}

/** Adds a user with an accepted role directly (membership routes come with their own issue). */
async function addMember(deps: FakeDeps, scope: { type: 'account' | 'workspace'; id: string }, role: Role) {
  const userId = deps.ids.next();
  await deps.uow.transaction(async (tx) => {
    await tx.users.save({
      id: userId,
      email: `${userId}@acme.test`,
      displayName: null,
      passwordHash: null,
      passwordChangeRequired: false,
      emailVerified: false,
      passwordSetByOrganizationId: null,
      createdAt: deps.clock.now(),
      lastLoginAt: null,
      welcomeEmailSentAt: null,
      idpRealm: null,
    });
    const m: Membership = {
      id: deps.ids.next(),
      userId,
      scopeType: scope.type,
      scopeId: scope.id,
      role,
      status: 'accepted',
      createdAt: deps.clock.now(),
      expiresAt: null,
      invitedByUserId: null,
    };
    await tx.memberships.save(m);
  });
  return userId;
}

describe('workspaces', () => {
  it('are created with an active dev environment and audited in the same transaction', async () => {
    const { deps, uc, org, ownerId } = await setup();
    const ws = await uc.createWorkspace.execute({
      userId: ownerId,
      organizationId: org.id,
      name: ' Web ',
      context: ctx(ownerId),
    });
    expect(ws).toMatchObject({ name: 'Web', status: 'active', organizationId: org.id });
    const envs = await uc.listEnvironments.execute({ userId: ownerId, workspaceId: ws.id });
    expect(envs.map((e) => [e.name, e.status])).toEqual([['dev', 'active']]);
    expect(deps.uow.tables.audit.map((e) => e.action)).toEqual(
      expect.arrayContaining(['workspace.created', 'environment.created']),
    );
  });

  it('refuse creation past the workspaces limit with quota_exceeded, and write nothing', async () => {
    const { deps, uc, org, ownerId } = await setup();
    await uc.operator.updateOrganization.execute({
      organizationId: org.id,
      limits: { workspaces: 1 },
      ip: null,
    });
    await uc.createWorkspace.execute({
      userId: ownerId,
      organizationId: org.id,
      name: 'One',
      context: ctx(ownerId),
    });
    const before = deps.uow.tables.audit.length;
    await expect(
      uc.createWorkspace.execute({
        userId: ownerId,
        organizationId: org.id,
        name: 'Two',
        context: ctx(ownerId),
      }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'quota_exceeded' });
    expect(deps.uow.tables.workspaces.size).toBe(1);
    expect(deps.uow.tables.audit.length).toBe(before);
  });

  it('follow the plan limits when there is no override, and null means no ceiling', async () => {
    const { uc, org, ownerId } = await setup({
      planLimits: { free: { workspaces: 1 }, pro: { workspaces: null }, enterprise: {} },
    });
    await uc.createWorkspace.execute({
      userId: ownerId,
      organizationId: org.id,
      name: 'One',
      context: ctx(ownerId),
    });
    await expect(
      uc.createWorkspace.execute({
        userId: ownerId,
        organizationId: org.id,
        name: 'Two',
        context: ctx(ownerId),
      }),
    ).rejects.toMatchObject({ code: 'quota_exceeded' });
    await uc.operator.updateOrganization.execute({ organizationId: org.id, planTier: 'pro', ip: null });
    await expect(
      uc.createWorkspace.execute({
        userId: ownerId,
        organizationId: org.id,
        name: 'Two',
        context: ctx(ownerId),
      }),
    ).resolves.toBeDefined();
  });

  it('need administer on the organization to be created', async () => {
    const { deps, uc, org } = await setup();
    for (const role of ['writer', 'member', 'partner', 'billing_admin'] as const) {
      const userId = await addMember(deps, { type: 'account', id: org.id }, role);
      await expect(
        uc.createWorkspace.execute({ userId, organizationId: org.id, name: 'X', context: ctx(userId) }),
      ).rejects.toMatchObject({ kind: 'forbidden' });
    }
    const admin = await addMember(deps, { type: 'account', id: org.id }, 'admin');
    await expect(
      uc.createWorkspace.execute({ userId: admin, organizationId: org.id, name: 'X', context: ctx(admin) }),
    ).resolves.toBeDefined();
  });

  it('are listed as far as the caller can read them', async () => {
    const { deps, uc, org, ownerId } = await setup();
    const a = await uc.createWorkspace.execute({
      userId: ownerId,
      organizationId: org.id,
      name: 'A',
      context: ctx(ownerId),
    });
    await uc.createWorkspace.execute({
      userId: ownerId,
      organizationId: org.id,
      name: 'B',
      context: ctx(ownerId),
    });
    const billing = await addMember(deps, { type: 'account', id: org.id }, 'billing_admin');
    expect(await uc.listWorkspaces.execute({ userId: billing, organizationId: org.id })).toEqual([]);
    const onlyA = await addMember(deps, { type: 'workspace', id: a.id }, 'member');
    expect(
      (await uc.listWorkspaces.execute({ userId: onlyA, organizationId: org.id })).map((w) => w.name),
    ).toEqual(['A']);
    const writer = await addMember(deps, { type: 'account', id: org.id }, 'writer');
    expect(
      (await uc.listWorkspaces.execute({ userId: writer, organizationId: org.id })).map((w) => w.name),
    ).toEqual(['A', 'B']);
    const outsider = await addMember(deps, { type: 'account', id: deps.ids.next() }, 'owner');
    await expect(
      uc.listWorkspaces.execute({ userId: outsider, organizationId: org.id }),
    ).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it('billing_admin gets nothing on a workspace; 404 for a workspace that does not exist', async () => {
    const { deps, uc, org, ownerId } = await setup();
    const ws = await uc.createWorkspace.execute({
      userId: ownerId,
      organizationId: org.id,
      name: 'A',
      context: ctx(ownerId),
    });
    const billing = await addMember(deps, { type: 'account', id: org.id }, 'billing_admin');
    await expect(uc.getWorkspace.execute({ userId: billing, workspaceId: ws.id })).rejects.toMatchObject({
      kind: 'forbidden',
    });
    await expect(
      uc.getWorkspace.execute({ userId: ownerId, workspaceId: deps.ids.next() }),
    ).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('frozen workspaces and suspended organizations refuse changes with their own codes', async () => {
    const { uc, org, ownerId } = await setup();
    const ws = await uc.createWorkspace.execute({
      userId: ownerId,
      organizationId: org.id,
      name: 'A',
      context: ctx(ownerId),
    });
    await uc.operator.setWorkspaceFrozen.execute({ workspaceId: ws.id, frozen: true, ip: null });
    await expect(
      uc.renameWorkspace.execute({ userId: ownerId, workspaceId: ws.id, name: 'B', context: ctx(ownerId) }),
    ).rejects.toMatchObject({ kind: 'forbidden', code: 'workspace_frozen' });
    await expect(uc.getWorkspace.execute({ userId: ownerId, workspaceId: ws.id })).resolves.toMatchObject({
      status: 'frozen',
    });
    await uc.operator.setWorkspaceFrozen.execute({ workspaceId: ws.id, frozen: false, ip: null });
    await uc.operator.updateOrganization.execute({ organizationId: org.id, suspended: true, ip: null });
    await expect(
      uc.createEnvironment.execute({
        userId: ownerId,
        workspaceId: ws.id,
        name: 'prod',
        context: ctx(ownerId),
      }),
    ).rejects.toMatchObject({ code: 'organization_suspended' });
    await expect(
      uc.createWorkspace.execute({
        userId: ownerId,
        organizationId: org.id,
        name: 'C',
        context: ctx(ownerId),
      }),
    ).rejects.toMatchObject({ code: 'organization_suspended' });
  });

  it("a suspended organization's workspaces read as frozen while it lasts", async () => {
    const { uc, org, ownerId } = await setup();
    const ws = await uc.createWorkspace.execute({
      userId: ownerId,
      organizationId: org.id,
      name: 'A',
      context: ctx(ownerId),
    });
    await uc.operator.updateOrganization.execute({ organizationId: org.id, suspended: true, ip: null });
    await expect(uc.getWorkspace.execute({ userId: ownerId, workspaceId: ws.id })).resolves.toMatchObject({
      status: 'frozen',
    });
    const listed = await uc.listWorkspaces.execute({ userId: ownerId, organizationId: org.id });
    expect(listed.map((w) => w.status)).toEqual(['frozen']);
    await expect(
      uc.operator.setWorkspaceFrozen.execute({ workspaceId: ws.id, frozen: false, ip: null }),
    ).resolves.toMatchObject({ status: 'frozen' });
    await uc.operator.updateOrganization.execute({ organizationId: org.id, suspended: false, ip: null });
    await expect(uc.getWorkspace.execute({ userId: ownerId, workspaceId: ws.id })).resolves.toMatchObject({
      status: 'active',
    });
  });
});

describe('environments', () => {
  it('have unique names per workspace and can be deactivated', async () => {
    const { uc, org, ownerId } = await setup();
    const ws = await uc.createWorkspace.execute({
      userId: ownerId,
      organizationId: org.id,
      name: 'A',
      context: ctx(ownerId),
    });
    const prod = await uc.createEnvironment.execute({
      userId: ownerId,
      workspaceId: ws.id,
      name: 'prod',
      context: ctx(ownerId),
    });
    await expect(
      uc.createEnvironment.execute({
        userId: ownerId,
        workspaceId: ws.id,
        name: 'prod',
        context: ctx(ownerId),
      }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'environment_name_taken' });
    await expect(
      uc.updateEnvironment.execute({
        userId: ownerId,
        workspaceId: ws.id,
        environmentId: prod.id,
        name: 'dev',
        context: ctx(ownerId),
      }),
    ).rejects.toMatchObject({ code: 'environment_name_taken' });
    const updated = await uc.updateEnvironment.execute({
      userId: ownerId,
      workspaceId: ws.id,
      environmentId: prod.id,
      status: 'inactive',
      context: ctx(ownerId),
    });
    expect(updated.status).toBe('inactive');
  });

  it('reject invalid names and unknown statuses', async () => {
    const { uc, org, ownerId } = await setup();
    const ws = await uc.createWorkspace.execute({
      userId: ownerId,
      organizationId: org.id,
      name: 'A',
      context: ctx(ownerId),
    });
    const create = (name: string) =>
      uc.createEnvironment.execute({ userId: ownerId, workspaceId: ws.id, name, context: ctx(ownerId) });
    for (const name of ['', '  ', 'x'.repeat(64), 'line\nbreak', 'tab\there']) {
      await expect(create(name)).rejects.toMatchObject({ kind: 'invalid', code: 'invalid_environment_name' });
    }
    // Any one line of text: names are the team's, not slugs.
    expect((await create(' QA EU (Frankfurt) ')).name).toBe('QA EU (Frankfurt)');
    expect((await create('é'.repeat(63))).name).toHaveLength(63);
    const [dev] = await uc.listEnvironments.execute({ userId: ownerId, workspaceId: ws.id });
    await expect(
      uc.updateEnvironment.execute({
        userId: ownerId,
        workspaceId: ws.id,
        environmentId: dev?.id ?? '',
        status: 'paused',
        context: ctx(ownerId),
      }),
    ).rejects.toMatchObject({ kind: 'invalid' });
  });
});

describe('quota', () => {
  it('reports current workspaces and audit events with the limit in force', async () => {
    const { deps, uc, org, ownerId } = await setup();
    await uc.createWorkspace.execute({
      userId: ownerId,
      organizationId: org.id,
      name: 'A',
      context: ctx(ownerId),
    });
    await uc.operator.updateOrganization.execute({
      organizationId: org.id,
      limits: { 'audit.events': null },
      ip: null,
    });
    const quota = await uc.getQuota.execute({ userId: ownerId, organizationId: org.id });
    const line = (key: string) => quota.limits.find((l) => l.key === key);
    expect(quota.account_id).toBe(org.id);
    expect(quota.organization_id).toBe(org.id);
    expect(line('workspaces')).toMatchObject({ current: 1, limit: 3, unit: 'count' });
    const auditCount = deps.uow.tables.audit.filter((e) => e.organizationId === org.id).length;
    expect(line('audit.events')).toMatchObject({ current: auditCount, limit: null });
    expect(line('files.bytes')).toMatchObject({ current: 0, unit: 'bytes' });
    expect(line('llm.cu')).toMatchObject({ current: 0, unit: 'cu' });
  });

  it('refuses unknown limit keys and negative limits', async () => {
    const { uc, org } = await setup();
    await expect(
      uc.operator.updateOrganization.execute({ organizationId: org.id, limits: { seats: 3 }, ip: null }),
    ).rejects.toMatchObject({
      kind: 'invalid',
    });
    await expect(
      uc.operator.updateOrganization.execute({
        organizationId: org.id,
        limits: { workspaces: -1 },
        ip: null,
      }),
    ).rejects.toMatchObject({ kind: 'invalid' });
  });
});

describe('organizations', () => {
  it('self-service creation is refused unless enabled', async () => {
    const { uc, ownerId } = await setup();
    await expect(
      uc.createOrganization.execute({ userId: ownerId, name: 'Mine', context: ctx(ownerId) }),
    ).rejects.toMatchObject({
      kind: 'forbidden',
      code: 'organization_creation_disabled',
    });
  });

  it('self-service creation makes the caller owner when enabled', async () => {
    const { uc, ownerId } = await setup({ organizationCreationEnabled: true });
    const org = await uc.createOrganization.execute({ userId: ownerId, name: 'Mine', context: ctx(ownerId) });
    expect((await uc.listMyOrganizations.execute({ userId: ownerId })).map((o) => o.name)).toEqual([
      'Acme',
      'Mine',
    ]);
    await expect(
      uc.getOrganization.execute({ userId: ownerId, organizationId: org.id }),
    ).resolves.toMatchObject({ planTier: 'free', name: 'Mine' });
  });

  it('pending memberships grant nothing', async () => {
    const deps = fakeDeps();
    const uc = createUseCases(deps);
    const created = await uc.operator.createOrganization.execute({
      name: 'P',
      planTier: 'free',
      ownerEmail: 'p@a.test',
      ip: null,
    });
    await expect(
      uc.getOrganization.execute({
        userId: created.ownerMembership.userId,
        organizationId: created.organization.id,
      }),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    expect(await uc.listMyOrganizations.execute({ userId: created.ownerMembership.userId })).toEqual([]);
  });
});
