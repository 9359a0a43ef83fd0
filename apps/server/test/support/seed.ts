import { randomUUID } from 'node:crypto';
import { type Role, type ScopeType, UNIT_OF_WORK, type UnitOfWork } from '@groundfloor/domain';
import type { TestServer } from './test-server';

/**
 * Writes rows the routes of this issue cannot create yet (memberships of
 * other roles arrive with the membership routes). Goes through the real
 * unit of work, so the rows are exactly what the adapters would write.
 */
export async function grantRole(
  t: TestServer,
  userId: string,
  scope: { type: ScopeType; id: string },
  role: Role,
  status: 'accepted' | 'pending' = 'accepted',
): Promise<void> {
  const uow = await t.running.container.getAsync<UnitOfWork>(UNIT_OF_WORK);
  await uow.transaction(async (tx) => {
    await tx.memberships.save({
      id: randomUUID(),
      userId,
      scopeType: scope.type,
      scopeId: scope.id,
      role,
      status,
      createdAt: new Date(),
      expiresAt: null,
      invitedByUserId: null,
    });
  });
}

export async function requirePasswordChange(t: TestServer, email: string): Promise<void> {
  const uow = await t.running.container.getAsync<UnitOfWork>(UNIT_OF_WORK);
  await uow.transaction(async (tx) => {
    const user = await tx.users.findByEmail(email);
    if (!user) throw new Error(`no user ${email}`);
    await tx.users.save({ ...user, passwordChangeRequired: true });
  });
}

export async function userIdOf(t: TestServer, email: string): Promise<string> {
  const uow = await t.running.container.getAsync<UnitOfWork>(UNIT_OF_WORK);
  const user = await uow.read.users.findByEmail(email);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}
