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

/** The stored row (null when never configured). */
export const storedConfig = (world: WorkspaceWorld) =>
  world.deps.uow.tables.signInConfigs.get(world.workspaceId) ?? null;

/** FakeClock.advance takes seconds. */
export const DAY = 24 * 3600;
