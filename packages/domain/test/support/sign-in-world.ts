import type { PutSignInConfigInput } from '../../src';
import { ctx, type WorkspaceWorld } from './workspace-world';

export type SignInBody = Omit<PutSignInConfigInput, 'userId' | 'workspaceId' | 'context'>;

/** PUT auth as the owner (or `userId`). */
export const putAuth = (world: WorkspaceWorld, body: SignInBody, userId = world.ownerId) =>
  putAuthIn(world, world.workspaceId, body, userId);

/** PUT auth on another workspace of the world (see `anotherWorkspace`). */
export const putAuthIn = (
  world: WorkspaceWorld,
  workspaceId: string,
  body: SignInBody,
  userId = world.ownerId,
) => world.uc.signInConfig.put.execute({ userId, workspaceId, ...body, context: ctx(userId) });

export const getAuth = (world: WorkspaceWorld, userId = world.ownerId) =>
  world.uc.signInConfig.get.execute({ userId, workspaceId: world.workspaceId });

export const deletePlatform = (world: WorkspaceWorld, confirmName: string | null, userId = world.ownerId) =>
  world.uc.signInConfig.deletePlatform.execute({
    userId,
    workspaceId: world.workspaceId,
    confirmName,
    context: ctx(userId),
  });

/** A custom app role, made as the owner. */
export const aCustomRole = (world: WorkspaceWorld, name: string, permissions: string[] = []) =>
  world.uc.appRoles.create.execute({
    userId: world.ownerId,
    workspaceId: world.workspaceId,
    name,
    permissions,
    context: ctx(world.ownerId),
  });

/** An OIDC connection, made as the owner; `organizationId` links a tenant. */
export const anOidcConnection = (world: WorkspaceWorld, organizationId?: string) =>
  world.uc.ssoConnections.create.execute({
    userId: world.ownerId,
    workspaceId: world.workspaceId,
    protocol: 'oidc',
    name: 'Okta',
    issuer: 'https://acme.okta.example',
    clientId: 'client-123',
    authorizationEndpoint: 'https://acme.okta.example/oauth2/v1/authorize',
    ...(organizationId === undefined ? {} : { organizationId }),
    context: ctx(world.ownerId),
  });

/** The stored row (null when never configured). */
export const storedConfig = (world: WorkspaceWorld) =>
  world.deps.uow.tables.signInConfigs.get(world.workspaceId) ?? null;

/** FakeClock.advance takes seconds. */
export const DAY = 24 * 3600;
