import type { PutSignInConfigInput } from '../../src';
import { ctx, type WorkspaceWorld } from './workspace-world';

export type SignInBody = Omit<PutSignInConfigInput, 'userId' | 'workspaceId' | 'context'>;

/** PUT auth as the owner (or `userId`). */
export const putAuth = (world: WorkspaceWorld, body: SignInBody, userId = world.ownerId) =>
  world.uc.signInConfig.put.execute({
    userId,
    workspaceId: world.workspaceId,
    ...body,
    context: ctx(userId),
  });

export const getAuth = (world: WorkspaceWorld, userId = world.ownerId) =>
  world.uc.signInConfig.get.execute({ userId, workspaceId: world.workspaceId });

export const deletePlatform = (world: WorkspaceWorld, confirmName: string, userId = world.ownerId) =>
  world.uc.signInConfig.deletePlatform.execute({
    userId,
    workspaceId: world.workspaceId,
    confirmName,
    context: ctx(userId),
  });

/** The stored row (null when never configured). */
export const storedConfig = (world: WorkspaceWorld) =>
  world.deps.uow.tables.signInConfigs.get(world.workspaceId) ?? null;

export const DAY_MS = 24 * 3600 * 1000;
