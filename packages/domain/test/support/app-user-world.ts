import type { AddAppUserInput, InviteAppUserInput } from '../../src';
import { putAuth } from './sign-in-world';
import { aWorkspaceWorld, ctx, type WorkspaceWorld } from './workspace-world';

/** A workspace world with active platform sign-in (and multi-tenant when asked). */
export async function anAppUserWorld(options: { multiTenant?: boolean } = {}): Promise<WorkspaceWorld> {
  const world = await aWorkspaceWorld();
  await putAuth(world, { mode: 'platform' });
  if (options.multiTenant) await putAuth(world, { multiTenant: { enabled: true } });
  return world;
}

type Body<T> = Omit<T, 'userId' | 'workspaceId' | 'context'>;

export const inviteUser = (world: WorkspaceWorld, body: Body<InviteAppUserInput>, userId = world.ownerId) =>
  world.uc.appUsers.invite.execute({ userId, workspaceId: world.workspaceId, ...body, context: ctx(userId) });

export const addUser = (world: WorkspaceWorld, body: Body<AddAppUserInput>, userId = world.ownerId) =>
  world.uc.appUsers.add.execute({ userId, workspaceId: world.workspaceId, ...body, context: ctx(userId) });

/** The input every per-user admin route takes. */
export const onUser = (world: WorkspaceWorld, appUserId: string, userId = world.ownerId) => ({
  userId,
  workspaceId: world.workspaceId,
  appUserId,
  context: ctx(userId),
});

/** The token of the last link emailed to `to` (after `#token=`). */
export function emailedToken(world: WorkspaceWorld, to: string): string {
  const mail = [...world.deps.mailer.sent].reverse().find((m) => m.to === to);
  const token = /#token=(\S+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no link emailed to ${to}`);
  return token;
}

export const tokenOf = (url: string): string => {
  const token = url.split('#token=')[1];
  if (!token) throw new Error(`no token in ${url}`);
  return token;
};

export const redeem = (world: WorkspaceWorld, token: string, password: string, ip: string | null = null) =>
  world.uc.inviteLinks.redeem.execute({ token, password, ip });

export const inspect = (world: WorkspaceWorld, token: string) =>
  world.uc.inviteLinks.inspect.execute({ token });
