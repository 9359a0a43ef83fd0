/// <reference types="jest" />
import type { UnitOfWork } from '@groundfloor/domain';
import { aPasswordLink, aSession, at, aUser, newId } from '../contract-fixtures';
import { expectDuplicate } from '../expect-duplicate';

/** Users, sessions, refresh tokens and set-password links. */
export function userAndAuthCases(uow: () => UnitOfWork): void {
  describe('users', () => {
    it('round-trips every field, set and null', async () => {
      const full = aUser({
        displayName: 'Ada Lovelace',
        passwordHash: '$argon2id$v=19$abc',
        passwordChangeRequired: true,
        emailVerified: true,
        passwordSetByOrganizationId: newId(),
        createdAt: at(1.234),
        lastLoginAt: at(60),
        welcomeEmailSentAt: at(61),
        idpRealm: 'legacy-realm',
      });
      const bare = aUser();
      await uow().transaction(async (tx) => {
        await tx.users.save(full);
        await tx.users.save(bare);
      });
      expect(await uow().read.users.findById(full.id)).toEqual(full);
      expect(await uow().read.users.findById(bare.id)).toEqual(bare);
      expect(await uow().read.users.findByEmail(full.email)).toEqual(full);
    });

    it('updates the whole record on a second save', async () => {
      const user = aUser();
      await uow().transaction((tx) => tx.users.save(user));
      const changed = { ...user, displayName: 'Renamed', passwordHash: 'h', lastLoginAt: at(5) };
      await uow().transaction(async (tx) => {
        const locked = await tx.users.findByIdForUpdate(user.id);
        expect(locked).toEqual(user);
        await tx.users.save(changed);
      });
      expect(await uow().read.users.findById(user.id)).toEqual(changed);
    });

    it('sets the last sign-in alone, leaving a change made since the user was read', async () => {
      const user = aUser({ lastLoginAt: null });
      await uow().transaction((tx) => tx.users.save(user));
      // Another request changes the password after this sign-in read the user.
      await uow().transaction((tx) => tx.users.save({ ...user, passwordHash: 'changed' }));
      await uow().batch((writes) => writes.users.updateLastLoginAt(user.id, at(7)));
      expect(await uow().read.users.findById(user.id)).toEqual({
        ...user,
        passwordHash: 'changed',
        lastLoginAt: at(7),
      });
      await uow().transaction((tx) => tx.users.updateLastLoginAt(newId(), at(8)));
      await uow().transaction((tx) => tx.users.updateLastLoginAt('not-a-uuid', at(8)));
    });

    it('answers many lookups by email at once, each with its own user and its own copy', async () => {
      const users = Array.from({ length: 10 }, (_, i) => aUser({ lastLoginAt: at(i) }));
      await uow().transaction(async (tx) => {
        for (const user of users) await tx.users.save(user);
      });
      const emails = [
        ...users.map((u) => u.email),
        users[0]?.email as string,
        `nobody-${newId()}@example.test`,
      ];
      const found = await Promise.all(emails.map((email) => uow().read.users.findByEmail(email)));
      expect(found).toEqual([...users, users[0], null]);
      // Two lookups of one email: changing one answer leaves the other as it was.
      (found[0] as NonNullable<(typeof found)[0]>).displayName = 'changed by one caller';
      expect(found[10]).toEqual(users[0]);
    });

    it('answers null for unknown ids, malformed ids and unknown emails', async () => {
      expect(await uow().read.users.findById(newId())).toBeNull();
      expect(await uow().read.users.findById('not-a-uuid')).toBeNull();
      expect(await uow().read.users.findByEmail(`nobody-${newId()}@example.test`)).toBeNull();
    });

    it('refuses a second user with the same email', async () => {
      const first = aUser();
      await uow().transaction((tx) => tx.users.save(first));
      await expectDuplicate(uow().transaction((tx) => tx.users.save(aUser({ email: first.email }))));
    });
  });

  describe('sessions and refresh tokens', () => {
    it('round-trips a session and its refresh token', async () => {
      const user = aUser();
      const session = aSession(user.id, { createdAt: at(3), passwordChangeRequired: true });
      const revoked = aSession(user.id, { revokedAt: at(9) });
      const token = { id: newId(), sessionId: session.id, expiresAt: at(30 * 86400), spentAt: null };
      const spent = { id: newId(), sessionId: session.id, expiresAt: at(30 * 86400), spentAt: at(4) };
      await uow().transaction(async (tx) => {
        await tx.users.save(user);
        await tx.sessions.save(session);
        await tx.sessions.save(revoked);
        await tx.refreshTokens.save(token);
        await tx.refreshTokens.save(spent);
      });
      expect(await uow().read.sessions.findById(session.id)).toEqual(session);
      expect(await uow().read.sessions.findById(revoked.id)).toEqual(revoked);
      expect(await uow().read.sessions.findById('nope')).toBeNull();
      await uow().transaction(async (tx) => {
        expect(await tx.sessions.findByIdForUpdate(session.id)).toEqual(session);
        expect(await tx.refreshTokens.findByIdForUpdate(token.id)).toEqual(token);
        expect(await tx.refreshTokens.findByIdForUpdate(spent.id)).toEqual(spent);
        expect(await tx.refreshTokens.findByIdForUpdate(newId())).toBeNull();
        await tx.refreshTokens.save({ ...token, spentAt: at(10) });
      });
      expect(await uow().read.refreshTokens.findByIdForUpdate(token.id)).toEqual({
        ...token,
        spentAt: at(10),
      });
    });

    it('revokeAllForUser revokes the live sessions of that user only, except the one kept', async () => {
      const user = aUser();
      const other = aUser();
      const kept = aSession(user.id);
      const live = aSession(user.id);
      const live2 = aSession(user.id);
      const already = aSession(user.id, { revokedAt: at(1) });
      const othersSession = aSession(other.id);
      await uow().transaction(async (tx) => {
        await tx.users.save(user);
        await tx.users.save(other);
        for (const s of [kept, live, live2, already, othersSession]) await tx.sessions.save(s);
      });
      expect(await uow().transaction((tx) => tx.sessions.revokeAllForUser(user.id, at(50), kept.id))).toBe(2);
      const read = uow().read.sessions;
      expect((await read.findById(live.id))?.revokedAt).toEqual(at(50));
      expect((await read.findById(live2.id))?.revokedAt).toEqual(at(50));
      expect((await read.findById(kept.id))?.revokedAt).toBeNull();
      expect((await read.findById(already.id))?.revokedAt).toEqual(at(1));
      expect((await read.findById(othersSession.id))?.revokedAt).toBeNull();

      expect(await uow().transaction((tx) => tx.sessions.revokeAllForUser(user.id, at(60)))).toBe(1);
      expect((await read.findById(kept.id))?.revokedAt).toEqual(at(60));
      expect(await uow().transaction((tx) => tx.sessions.revokeAllForUser(user.id, at(70)))).toBe(0);
    });
  });

  describe('password links', () => {
    it('round-trips a link and finds it by token hash', async () => {
      const user = aUser();
      const link = aPasswordLink(user.id, { createdAt: at(2), usedAt: at(7), cancelledAt: null });
      await uow().transaction(async (tx) => {
        await tx.users.save(user);
        await tx.passwordLinks.save(link);
      });
      expect(await uow().read.passwordLinks.findByTokenHash(link.tokenHash)).toEqual(link);
      expect(await uow().read.passwordLinks.findByTokenHash('unknown')).toBeNull();
      const found = await uow().transaction((tx) =>
        tx.passwordLinks.findByTokenHashForUpdate(link.tokenHash),
      );
      expect(found).toEqual(link);
    });

    it('cancelActiveForUser cancels only unused, uncancelled links of that user', async () => {
      const user = aUser();
      const other = aUser();
      const active = aPasswordLink(user.id);
      const active2 = aPasswordLink(user.id);
      const used = aPasswordLink(user.id, { usedAt: at(1) });
      const cancelled = aPasswordLink(user.id, { cancelledAt: at(2) });
      const othersLink = aPasswordLink(other.id);
      await uow().transaction(async (tx) => {
        await tx.users.save(user);
        await tx.users.save(other);
        for (const l of [active, active2, used, cancelled, othersLink]) await tx.passwordLinks.save(l);
      });
      expect(await uow().transaction((tx) => tx.passwordLinks.cancelActiveForUser(user.id, at(9)))).toBe(2);
      const read = uow().read.passwordLinks;
      expect((await read.findByTokenHash(active.tokenHash))?.cancelledAt).toEqual(at(9));
      expect((await read.findByTokenHash(active2.tokenHash))?.cancelledAt).toEqual(at(9));
      expect(await read.findByTokenHash(used.tokenHash)).toEqual(used);
      expect(await read.findByTokenHash(cancelled.tokenHash)).toEqual(cancelled);
      expect(await read.findByTokenHash(othersLink.tokenHash)).toEqual(othersLink);
    });

    it('refuses a second link with the same token hash', async () => {
      const user = aUser();
      const link = aPasswordLink(user.id);
      await uow().transaction(async (tx) => {
        await tx.users.save(user);
        await tx.passwordLinks.save(link);
      });
      await expectDuplicate(
        uow().transaction((tx) =>
          tx.passwordLinks.save(aPasswordLink(user.id, { tokenHash: link.tokenHash })),
        ),
      );
    });
  });
}
