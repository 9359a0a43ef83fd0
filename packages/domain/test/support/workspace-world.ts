import { type FakeDeps, fakeDeps } from '@groundfloor/testkit';
import {
  createUseCases,
  type M2mPrincipal,
  type Membership,
  type RequestContext,
  type Role,
  type TeamPrincipal,
  type UseCases,
  type WorkloadPrincipal,
} from '../../src';

/** One organization with an owner and one workspace (with its `dev` environment), on fakes. */
export interface WorkspaceWorld {
  readonly deps: FakeDeps;
  readonly uc: UseCases;
  readonly ownerId: string;
  readonly organizationId: string;
  readonly workspaceId: string;
  /** The workspace's `dev` environment. */
  readonly devId: string;
}

export const ctx = (userId: string): RequestContext => ({ actor: { kind: 'user', id: userId }, ip: null });

export const team = (userId: string): TeamPrincipal => ({
  kind: 'team',
  userId,
  sessionId: 'session',
  passwordChangeRequired: false,
});

export const m2m = (workspaceId: string): M2mPrincipal => ({
  kind: 'm2m',
  clientId: '00000000-0000-4000-8000-0000000000c1',
  workspaceId,
  scopes: ['secrets:read'],
});

export const workloadCaller = (workspaceId: string, workloadId: string): WorkloadPrincipal => ({
  kind: 'workload',
  workloadId,
  workspaceId,
});

export async function aWorkspaceWorld(): Promise<WorkspaceWorld> {
  const deps = fakeDeps();
  const uc = createUseCases(deps);
  const created = await uc.operator.createOrganization.execute({
    name: 'Acme',
    planTier: 'free',
    ownerEmail: 'owner@acme.test',
    ownerPassword: 'owner password',
    ip: null,
  });
  const ownerId = created.ownerMembership.userId;
  const workspace = await uc.createWorkspace.execute({
    userId: ownerId,
    organizationId: created.organization.id,
    name: 'Main',
    context: ctx(ownerId),
  });
  const [dev] = await uc.listEnvironments.execute({ userId: ownerId, workspaceId: workspace.id });
  if (!dev) throw new Error('the workspace has no dev environment');
  return {
    deps,
    uc,
    ownerId,
    organizationId: created.organization.id,
    workspaceId: workspace.id,
    devId: dev.id,
  };
}

/** A user holding an accepted role on the world's workspace (or, with `on: 'organization'`, its organization). */
export async function aMember(
  world: WorkspaceWorld,
  role: Role,
  on: 'workspace' | 'organization' = 'workspace',
) {
  const { deps } = world;
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
    const membership: Membership = {
      id: deps.ids.next(),
      userId,
      scopeType: on === 'workspace' ? 'workspace' : 'account',
      scopeId: on === 'workspace' ? world.workspaceId : world.organizationId,
      role,
      status: 'accepted',
      createdAt: deps.clock.now(),
      expiresAt: null,
      invitedByUserId: null,
    };
    await tx.memberships.save(membership);
  });
  return userId;
}

/** A second environment of the workspace. */
export async function anEnvironment(world: WorkspaceWorld, name: string) {
  return world.uc.createEnvironment.execute({
    userId: world.ownerId,
    workspaceId: world.workspaceId,
    name,
    context: ctx(world.ownerId),
  });
}

export async function freeze(world: WorkspaceWorld, frozen = true) {
  await world.uc.operator.setWorkspaceFrozen.execute({ workspaceId: world.workspaceId, frozen, ip: null });
}

/** Every table, as text: compared before and after to show nothing changed. */
export const snapshot = (world: WorkspaceWorld) => JSON.stringify(world.deps.uow.tables.clone());

/** The audit events recorded so far with this action. */
export const audited = (world: WorkspaceWorld, action: string) =>
  world.deps.uow.tables.audit.filter((e) => e.action === action);

/** A second workspace of the same organization, owned by the world's owner. */
export async function anotherWorkspace(world: WorkspaceWorld): Promise<string> {
  const workspace = await world.uc.createWorkspace.execute({
    userId: world.ownerId,
    organizationId: world.organizationId,
    name: 'Other',
    context: ctx(world.ownerId),
  });
  return workspace.id;
}
