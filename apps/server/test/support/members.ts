import { randomUUID } from 'node:crypto';
import { type ScopeType, UNIT_OF_WORK, type UnitOfWork } from '@groundfloor/domain';
import type { Database } from '@groundfloor/persistence-typeorm';
import { DATABASE } from '../../src/tokens';
import { bearer, uniqueEmail } from './api';
import type { TestServer } from './test-server';

export interface Scope {
  readonly type: ScopeType;
  readonly id: string;
}

export const membersPath = (scope: Scope) => `/v1/scopes/${scope.type}/${scope.id}/members`;
export const tokenFrom = (text: string) => (/#token=(\S+)/.exec(text) ?? [])[1] as string;

/**
 * A new user added through the API by `by` with `role` on the scope, with a
 * password that is not temporary, then signed in.
 */
export async function addSignedInMember(t: TestServer, by: string, scope: Scope, role: string) {
  const email = uniqueEmail(role);
  const password = 'member-password-1';
  const added = await t.http
    .post(membersPath(scope))
    .set(bearer(by))
    .send({ email, password, temporary_password: false, send_email: false, role })
    .expect(201);
  const signIn = await t.http.post('/v1/auth/token').send({ email, password }).expect(200);
  const token = signIn.body.access_token as string;
  return {
    email,
    userId: added.body.user_id as string,
    membershipId: added.body.id as string,
    token,
    auth: bearer(token),
  };
}

/** Rows the API cannot make: legacy app-user members, and many members at once. */
export async function seedMembers(
  t: TestServer,
  scope: Scope,
  count: number,
  options: { idpRealm?: string; firstCreatedAt?: Date } = {},
): Promise<string[]> {
  const uow = await t.running.container.getAsync<UnitOfWork>(UNIT_OF_WORK);
  const start = (options.firstCreatedAt ?? new Date()).getTime();
  const ids: string[] = [];
  await uow.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const userId = randomUUID();
      const createdAt = new Date(start + i);
      await tx.users.save({
        id: userId,
        email: uniqueEmail('seeded'),
        displayName: null,
        passwordHash: null,
        passwordChangeRequired: false,
        emailVerified: false,
        passwordSetByOrganizationId: null,
        createdAt,
        lastLoginAt: null,
        welcomeEmailSentAt: null,
        idpRealm: options.idpRealm ?? null,
      });
      const id = randomUUID();
      await tx.memberships.save({
        id,
        userId,
        scopeType: scope.type,
        scopeId: scope.id,
        role: 'member',
        status: 'accepted',
        createdAt,
        expiresAt: null,
        invitedByUserId: null,
      });
      ids.push(id);
    }
  });
  return ids;
}

/** The audit actions recorded about one target, oldest first, with their details. */
export async function auditOf(t: TestServer, targetId: string) {
  const db = await t.running.container.getAsync<Database>(DATABASE);
  const rows: { action: string; details: Record<string, unknown> }[] = await db.dataSource.query(
    'SELECT action, details FROM audit_events WHERE target_id = $1 ORDER BY created_at, action',
    [targetId],
  );
  return rows;
}
