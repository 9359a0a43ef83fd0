/// <reference types="jest" />
import {
  type AppUser,
  type AppUserLink,
  defaultSignInConfig,
  newAppUser,
  type SignInConfig,
  type SsoConnection,
  type Tenant,
  type UnitOfWork,
} from '@groundfloor/domain';
import { anOrganization, at, aWorkspace, newId } from '../contract-fixtures';
import { expectDuplicate } from '../expect-duplicate';

const SEALED = { keyId: 'k1', wrappedKey: 'w', iv: 'i', ciphertext: 'c', tag: 't' };

async function twoWorkspaces(uow: UnitOfWork) {
  const org = anOrganization();
  const workspace = aWorkspace(org.id);
  const other = aWorkspace(org.id);
  await uow.transaction(async (tx) => {
    await tx.organizations.save(org);
    await tx.workspaces.save(workspace);
    await tx.workspaces.save(other);
  });
  return { workspace, other };
}

const anAppUser = (workspaceId: string, overrides: Partial<AppUser> = {}): AppUser => ({
  ...newAppUser({
    id: newId(),
    workspaceId,
    email: `person-${newId()}@example.test`,
    now: at(0),
  }),
  ...overrides,
});

const aLink = (user: AppUser, overrides: Partial<AppUserLink> = {}): AppUserLink => ({
  id: newId(),
  workspaceId: user.workspaceId,
  userId: user.id,
  kind: 'invitation',
  tokenHash: `hash-${newId()}`,
  appId: null,
  createdAt: at(0),
  expiresAt: at(3600),
  usedAt: null,
  cancelledAt: null,
  ...overrides,
});

const aTenant = (workspaceId: string, overrides: Partial<Tenant> = {}): Tenant => ({
  id: newId(),
  workspaceId,
  name: 'Tenant',
  alias: null,
  domains: [],
  enabled: true,
  createdAt: at(0),
  updatedAt: at(0),
  ...overrides,
});

/** Workspace sign-in: configuration, branding images, app users, links, sessions, roles, tenants, SSO (issue 11). */
export function signInCases(uow: () => UnitOfWork): void {
  describe('sign-in configurations', () => {
    it('round-trips every field, the sealed mail password included, and reads only its own workspace', async () => {
      const { workspace, other } = await twoWorkspaces(uow());
      const host = `login-${newId().slice(0, 8)}.example.com`;
      const config: SignInConfig = {
        ...defaultSignInConfig(workspace.id, at(0)),
        mode: 'platform',
        platform: {
          status: 'active',
          realm: `ws-${workspace.id}`,
          issuer: `https://control.example.com/v1/public/workspaces/${workspace.id}`,
          createdAt: at(1),
          disabledAt: null,
        },
        external: { note: 'kept as sent', nested: { n: 1 } },
        multiTenant: { enabled: true },
        host: {
          customDomain: host,
          customDomainStatus: 'pending',
          verificationToken: 'tok',
          claimedAt: at(2),
          verifiedAt: null,
        },
        branding: { primary_color: '#112233' },
        mail: {
          mode: 'custom',
          fromDisplayName: 'Acme',
          fromEmail: 'login@acme.example',
          host: 'smtp.acme.example',
          port: 587,
          username: 'mailer',
          password: SEALED,
          ssl: false,
          starttls: true,
        },
        updatedAt: at(3),
      };
      await uow().transaction((tx) => tx.signInConfigs.save(config));
      expect(await uow().read.signInConfigs.find(workspace.id)).toEqual(config);
      expect(await uow().read.signInConfigs.find(other.id)).toBeNull();
      expect(await uow().read.signInConfigs.findByVerifiedHost(host)).toBeNull();
      config.host.customDomainStatus = 'verified';
      config.host.verifiedAt = at(4);
      config.platform = null;
      config.mail = { mode: 'platform' };
      await uow().transaction((tx) => tx.signInConfigs.save(config));
      expect(await uow().read.signInConfigs.find(workspace.id)).toEqual(config);
      expect((await uow().read.signInConfigs.findByVerifiedHost(host.toUpperCase()))?.workspaceId).toBe(
        workspace.id,
      );
      await uow().transaction((tx) => tx.signInConfigs.delete(workspace.id));
      expect(await uow().read.signInConfigs.find(workspace.id)).toBeNull();
    });

    it('lets one host be claimed by one workspace only, whatever the letter case', async () => {
      const { workspace, other } = await twoWorkspaces(uow());
      const host = `claim-${newId().slice(0, 8)}.example.com`;
      const claim = (workspaceId: string, domain: string) => ({
        ...defaultSignInConfig(workspaceId, at(0)),
        host: {
          customDomain: domain,
          customDomainStatus: 'pending' as const,
          verificationToken: null,
          claimedAt: at(0),
          verifiedAt: null,
        },
      });
      await uow().transaction((tx) => tx.signInConfigs.save(claim(workspace.id, host)));
      await expectDuplicate(
        uow().transaction((tx) => tx.signInConfigs.save(claim(other.id, host.toUpperCase()))),
      );
      // The same workspace saving its own claim again is no conflict.
      await uow().transaction((tx) => tx.signInConfigs.save(claim(workspace.id, host)));
    });

    it('finds the claim of a host, pending or verified, whatever the letter case', async () => {
      const { workspace } = await twoWorkspaces(uow());
      const host = `find-${newId().slice(0, 8)}.example.com`;
      expect(await uow().read.signInConfigs.findByClaimedHost(host)).toBeNull();
      const config = defaultSignInConfig(workspace.id, at(0));
      config.host = {
        customDomain: host,
        customDomainStatus: 'pending',
        verificationToken: 't',
        claimedAt: at(0),
        verifiedAt: null,
      };
      await uow().transaction((tx) => tx.signInConfigs.save(config));
      expect((await uow().read.signInConfigs.findByClaimedHost(host.toUpperCase()))?.workspaceId).toBe(
        workspace.id,
      );
      expect(await uow().read.signInConfigs.findByVerifiedHost(host)).toBeNull();
    });

    it('lists the configurations holding a sealed mail password, by workspace, in batches', async () => {
      const { workspace, other } = await twoWorkspaces(uow());
      const custom = (workspaceId: string, password: typeof SEALED | null): SignInConfig => ({
        ...defaultSignInConfig(workspaceId, at(0)),
        mail: {
          mode: 'custom',
          fromDisplayName: null,
          fromEmail: 'a@example.test',
          host: 'mail.example.test',
          port: 587,
          username: 'u',
          password,
          ssl: false,
          starttls: true,
        },
      });
      await uow().transaction(async (tx) => {
        await tx.signInConfigs.save(custom(workspace.id, SEALED));
        await tx.signInConfigs.save(custom(other.id, null));
      });
      const seen: SignInConfig[] = [];
      let after: string | null = null;
      for (;;) {
        const batch = await uow().read.signInConfigs.listWithMailPassword(after, 2);
        seen.push(...batch);
        const last = batch[batch.length - 1];
        if (!last || batch.length < 2) break;
        after = last.workspaceId;
      }
      const ids = seen.map((c) => c.workspaceId);
      expect(ids).toContain(workspace.id);
      expect(ids).not.toContain(other.id);
      expect([...ids].sort()).toEqual(ids);
      expect(seen.find((c) => c.workspaceId === workspace.id)?.mail).toMatchObject({ password: SEALED });
    });

    it('keeps one branding image per kind, bytes exactly as written', async () => {
      const { workspace, other } = await twoWorkspaces(uow());
      const bytes = Uint8Array.from([0, 1, 2, 250, 255]);
      await uow().transaction((tx) =>
        tx.signInAssets.save({
          workspaceId: workspace.id,
          kind: 'logo',
          contentType: 'image/png',
          bytes,
          updatedAt: at(1),
        }),
      );
      await uow().transaction((tx) =>
        tx.signInAssets.save({
          workspaceId: workspace.id,
          kind: 'logo',
          contentType: 'image/webp',
          bytes: Uint8Array.from([9]),
          updatedAt: at(2),
        }),
      );
      const logo = await uow().read.signInAssets.find(workspace.id, 'logo');
      expect(logo?.contentType).toBe('image/webp');
      expect([...(logo?.bytes ?? [])]).toEqual([9]);
      expect(await uow().read.signInAssets.find(other.id, 'logo')).toBeNull();
      await uow().transaction((tx) => tx.signInAssets.deleteAll(workspace.id));
      expect(await uow().read.signInAssets.find(workspace.id, 'logo')).toBeNull();
    });
  });

  describe('app users', () => {
    it('round-trips every field and finds users only in their own workspace', async () => {
      const { workspace, other } = await twoWorkspaces(uow());
      const user = anAppUser(workspace.id, {
        firstName: 'Ada',
        lastName: 'Lovelace',
        roles: ['user', 'editor'],
        invitePending: false,
        passwordHash: 'hash',
        passwordChangeRequired: true,
        temporaryPasswordSetAt: at(5),
        ssoConnectionIds: [newId()],
        inviteAppId: newId(),
        lastEmail: { sent: null, skippedReason: 'delivery_unconfirmed', attemptedAt: at(6) },
        resendWindowStartedAt: at(7),
        resendCount: 2,
        lastInvitationSentAt: at(8),
        lastLoginAt: at(9),
      });
      await uow().transaction((tx) => tx.appUsers.save(user));
      expect(await uow().read.appUsers.findById(workspace.id, user.id)).toEqual(user);
      expect(await uow().read.appUsers.findByEmail(workspace.id, user.email)).toEqual(user);
      expect(await uow().read.appUsers.findById(other.id, user.id)).toBeNull();
      expect(await uow().read.appUsers.findByEmail(other.id, user.email)).toBeNull();
      expect(await uow().read.appUsers.findById(workspace.id, 'not-a-uuid')).toBeNull();
      expect(
        (await uow().read.appUsers.findByIds(workspace.id, [user.id, newId()])).map((u) => u.id),
      ).toEqual([user.id]);
    });

    it('keeps invite_pending apart from the password fields, as the temporary-password route leaves it', async () => {
      const { workspace } = await twoWorkspaces(uow());
      const handedOver = anAppUser(workspace.id, {
        passwordHash: 'hash',
        passwordChangeRequired: true,
        temporaryPasswordSetAt: at(5),
      });
      await uow().transaction((tx) => tx.appUsers.save(handedOver));
      expect((await uow().read.appUsers.findById(workspace.id, handedOver.id))?.invitePending).toBe(true);
      await uow().transaction((tx) => tx.appUsers.save({ ...handedOver, invitePending: false }));
      const [read] = await uow().read.appUsers.list({ workspaceId: workspace.id, first: 0, limit: 10 });
      expect(read?.invitePending).toBe(false);
    });

    it('keeps an email outcome without an attempt time (not_requested)', async () => {
      const { workspace } = await twoWorkspaces(uow());
      const user = anAppUser(workspace.id, {
        lastEmail: { sent: false, skippedReason: 'not_requested', attemptedAt: null },
      });
      await uow().transaction((tx) => tx.appUsers.save(user));
      expect((await uow().read.appUsers.findById(workspace.id, user.id))?.lastEmail).toEqual(user.lastEmail);
    });

    it('refuses a second user with one email in a workspace, not across workspaces', async () => {
      const { workspace, other } = await twoWorkspaces(uow());
      const first = anAppUser(workspace.id);
      await uow().transaction((tx) => tx.appUsers.save(first));
      await expectDuplicate(
        uow().transaction((tx) => tx.appUsers.save(anAppUser(workspace.id, { email: first.email }))),
      );
      await uow().transaction((tx) => tx.appUsers.save(anAppUser(other.id, { email: first.email })));
    });

    it('lists oldest first with an offset and a limit, and counts', async () => {
      const { workspace } = await twoWorkspaces(uow());
      const users = [2, 0, 1].map((s) => anAppUser(workspace.id, { createdAt: at(s) }));
      for (const u of users) await uow().transaction((tx) => tx.appUsers.save(u));
      const byAge = [users[1], users[2], users[0]].map((u) => u?.id);
      const page = (first: number, limit: number) =>
        uow()
          .read.appUsers.list({ workspaceId: workspace.id, first, limit })
          .then((list) => list.map((u) => u.id));
      expect(await page(0, 10)).toEqual(byAge);
      expect(await page(1, 1)).toEqual([byAge[1]]);
      expect(await page(3, 10)).toEqual([]);
      expect(await uow().read.appUsers.countByWorkspace(workspace.id)).toBe(3);
    });

    it('deletes a user with their links, sessions and tenant memberships', async () => {
      const { workspace } = await twoWorkspaces(uow());
      const user = anAppUser(workspace.id);
      const keep = anAppUser(workspace.id);
      const tenant = aTenant(workspace.id);
      const link = aLink(user);
      const session = {
        id: newId(),
        workspaceId: workspace.id,
        userId: user.id,
        clientId: 'shell',
        createdAt: at(0),
        revokedAt: null,
      };
      await uow().transaction(async (tx) => {
        await tx.appUsers.save(user);
        await tx.appUsers.save(keep);
        await tx.tenants.save(tenant);
        await tx.tenants.addMember({
          tenantId: tenant.id,
          workspaceId: workspace.id,
          userId: user.id,
          createdAt: at(0),
        });
        await tx.tenants.addMember({
          tenantId: tenant.id,
          workspaceId: workspace.id,
          userId: keep.id,
          createdAt: at(1),
        });
        await tx.appUserLinks.save(link);
        await tx.appUserSessions.save(session);
        await tx.appUserSessions.saveRefreshToken({
          id: newId(),
          sessionId: session.id,
          expiresAt: at(100),
          spentAt: null,
        });
      });
      expect(await uow().transaction((tx) => tx.appUsers.delete(workspace.id, user.id))).toBe(true);
      expect(await uow().transaction((tx) => tx.appUsers.delete(workspace.id, user.id))).toBe(false);
      expect(await uow().read.appUserLinks.findByTokenHash(link.tokenHash)).toBeNull();
      expect(await uow().read.appUserSessions.findById(session.id)).toBeNull();
      expect((await uow().read.tenants.listMembers(workspace.id, tenant.id)).map((m) => m.userId)).toEqual([
        keep.id,
      ]);
      expect(await uow().transaction((tx) => tx.appUsers.deleteAll(workspace.id))).toBe(1);
      expect(await uow().read.appUsers.countByWorkspace(workspace.id)).toBe(0);
    });
  });

  describe('app user links', () => {
    it('finds by token hash, lists the usable ones of some kinds newest first, and cancels them', async () => {
      const { workspace } = await twoWorkspaces(uow());
      const user = anAppUser(workspace.id);
      await uow().transaction((tx) => tx.appUsers.save(user));
      const older = aLink(user, { kind: 'one_time', createdAt: at(1) });
      const newer = aLink(user, { kind: 'one_time', createdAt: at(2), appId: newId() });
      const invitation = aLink(user, { kind: 'invitation', createdAt: at(3) });
      const expired = aLink(user, { kind: 'one_time', createdAt: at(0), expiresAt: at(10) });
      const used = aLink(user, { kind: 'one_time', createdAt: at(0), usedAt: at(5) });
      await uow().transaction(async (tx) => {
        for (const l of [older, newer, invitation, expired, used]) await tx.appUserLinks.save(l);
      });
      expect(await uow().read.appUserLinks.findByTokenHash(newer.tokenHash)).toEqual(newer);
      const usable = await uow().read.appUserLinks.listUsable(workspace.id, user.id, ['one_time'], at(20));
      expect(usable.map((l) => l.id)).toEqual([newer.id, older.id]);
      expect(
        await uow().transaction((tx) =>
          tx.appUserLinks.cancelActive(workspace.id, user.id, ['one_time'], at(30)),
        ),
      ).toBe(3);
      expect((await uow().read.appUserLinks.findByTokenHash(newer.tokenHash))?.cancelledAt).toEqual(at(30));
      expect((await uow().read.appUserLinks.findByTokenHash(used.tokenHash))?.cancelledAt).toBeNull();
      expect(
        (
          await uow().read.appUserLinks.listUsable(workspace.id, user.id, ['invitation', 'one_time'], at(20))
        ).map((l) => l.id),
      ).toEqual([invitation.id]);
      await expectDuplicate(
        uow().transaction((tx) => tx.appUserLinks.save(aLink(user, { tokenHash: invitation.tokenHash }))),
      );
    });
    it('tells, per user, the latest expiry among their usable links of some kinds', async () => {
      const { workspace, other } = await twoWorkspaces(uow());
      const ann = anAppUser(workspace.id);
      const bob = anAppUser(workspace.id);
      const none = anAppUser(workspace.id);
      await uow().transaction(async (tx) => {
        for (const u of [ann, bob, none]) await tx.appUsers.save(u);
        await tx.appUserLinks.save(aLink(ann, { kind: 'invitation', expiresAt: at(50) }));
        await tx.appUserLinks.save(aLink(ann, { kind: 'one_time', expiresAt: at(40) }));
        await tx.appUserLinks.save(aLink(ann, { kind: 'reset', expiresAt: at(90) }));
        await tx.appUserLinks.save(aLink(bob, { kind: 'one_time', expiresAt: at(60), cancelledAt: at(1) }));
        await tx.appUserLinks.save(aLink(bob, { kind: 'one_time', expiresAt: at(30) }));
        await tx.appUserLinks.save(aLink(none, { kind: 'one_time', expiresAt: at(15) }));
        await tx.appUserLinks.save(aLink(none, { kind: 'invitation', expiresAt: at(70), usedAt: at(2) }));
      });
      const until = await uow().read.appUserLinks.usableUntil(
        workspace.id,
        [ann.id, bob.id, none.id, 'not-a-uuid'],
        ['invitation', 'one_time'],
        at(20),
      );
      expect([...until.entries()].sort()).toEqual(
        [
          [ann.id, at(50)],
          [bob.id, at(30)],
        ].sort(),
      );
      expect(
        (await uow().read.appUserLinks.usableUntil(other.id, [ann.id], ['invitation'], at(20))).size,
      ).toBe(0);
      expect((await uow().read.appUserLinks.usableUntil(workspace.id, [], ['invitation'], at(20))).size).toBe(
        0,
      );
    });
  });

  describe('app user sessions', () => {
    it('round-trips sessions and refresh tokens and revokes every live session of one user', async () => {
      const { workspace } = await twoWorkspaces(uow());
      const user = anAppUser(workspace.id);
      const other = anAppUser(workspace.id);
      const session = (userId: string) => ({
        id: newId(),
        workspaceId: workspace.id,
        userId,
        clientId: 'shell',
        createdAt: at(0),
        revokedAt: null,
      });
      const mine = [session(user.id), session(user.id)];
      const theirs = session(other.id);
      const refresh = { id: newId(), sessionId: mine[0]?.id as string, expiresAt: at(100), spentAt: null };
      await uow().transaction(async (tx) => {
        await tx.appUsers.save(user);
        await tx.appUsers.save(other);
        for (const s of [...mine, theirs]) await tx.appUserSessions.save(s);
        await tx.appUserSessions.saveRefreshToken(refresh);
      });
      expect(await uow().read.appUserSessions.findById(theirs.id)).toEqual(theirs);
      expect(
        await uow().transaction((tx) => tx.appUserSessions.findRefreshTokenForUpdate(refresh.id)),
      ).toEqual(refresh);
      expect(
        await uow().transaction((tx) => tx.appUserSessions.revokeAllForUser(workspace.id, user.id, at(50))),
      ).toBe(2);
      expect((await uow().read.appUserSessions.findById(mine[1]?.id as string))?.revokedAt).toEqual(at(50));
      expect((await uow().read.appUserSessions.findById(theirs.id))?.revokedAt).toBeNull();
    });

    it("revokes every live session of a workspace's app users, and no other workspace's", async () => {
      const { workspace, other } = await twoWorkspaces(uow());
      const here = [anAppUser(workspace.id), anAppUser(workspace.id)];
      const there = anAppUser(other.id);
      const session = (workspaceId: string, userId: string, revokedAt: Date | null = null) => ({
        id: newId(),
        workspaceId,
        userId,
        clientId: 'shell',
        createdAt: at(0),
        revokedAt,
      });
      const live = here.map((u) => session(workspace.id, u.id));
      const ended = session(workspace.id, here[0]?.id as string, at(5));
      const theirs = session(other.id, there.id);
      await uow().transaction(async (tx) => {
        for (const u of [...here, there]) await tx.appUsers.save(u);
        for (const s of [...live, ended, theirs]) await tx.appUserSessions.save(s);
      });
      expect(
        await uow().transaction((tx) => tx.appUserSessions.revokeAllInWorkspace(workspace.id, at(50))),
      ).toBe(2);
      for (const s of live)
        expect((await uow().read.appUserSessions.findById(s.id))?.revokedAt).toEqual(at(50));
      expect((await uow().read.appUserSessions.findById(ended.id))?.revokedAt).toEqual(at(5));
      expect((await uow().read.appUserSessions.findById(theirs.id))?.revokedAt).toBeNull();
      expect(
        await uow().transaction((tx) => tx.appUserSessions.revokeAllInWorkspace('not-a-uuid', at(60))),
      ).toBe(0);
    });
  });

  describe('app roles', () => {
    it('saves by workspace and name, lists by name, and deletes a workspace’s roles', async () => {
      const { workspace, other } = await twoWorkspaces(uow());
      const role = (name: string) => ({
        workspaceId: workspace.id,
        name,
        description: null,
        permissions: ['vault:read'],
        createdAt: at(0),
        updatedAt: at(0),
      });
      await uow().transaction(async (tx) => {
        for (const name of ['editor', 'Billing', 'auditor']) await tx.appRoles.save(role(name));
        await tx.appRoles.save({
          ...role('editor'),
          description: 'edits',
          permissions: ['vault:read', 'vault:write'],
          updatedAt: at(1),
        });
      });
      expect((await uow().read.appRoles.list(workspace.id)).map((r) => r.name)).toEqual([
        'Billing',
        'auditor',
        'editor',
      ]);
      expect(await uow().read.appRoles.find(workspace.id, 'editor')).toEqual({
        ...role('editor'),
        description: 'edits',
        permissions: ['vault:read', 'vault:write'],
        updatedAt: at(1),
      });
      expect(await uow().read.appRoles.find(other.id, 'editor')).toBeNull();
      expect(await uow().transaction((tx) => tx.appRoles.deleteAll(workspace.id))).toBe(3);
    });
  });

  describe('tenants', () => {
    it('round-trips, refuses a duplicate alias in a workspace, and tracks members both ways', async () => {
      const { workspace, other } = await twoWorkspaces(uow());
      const first = aTenant(workspace.id, { alias: 'acme', domains: ['acme.example'], createdAt: at(1) });
      const second = aTenant(workspace.id, { createdAt: at(2) });
      const user = anAppUser(workspace.id);
      await uow().transaction(async (tx) => {
        await tx.tenants.save(first);
        await tx.tenants.save(second);
        await tx.tenants.save(aTenant(other.id, { alias: 'acme' }));
        await tx.appUsers.save(user);
      });
      await expectDuplicate(
        uow().transaction((tx) => tx.tenants.save(aTenant(workspace.id, { alias: 'acme' }))),
      );
      expect(await uow().read.tenants.findById(workspace.id, first.id)).toEqual(first);
      expect(await uow().read.tenants.findById(other.id, first.id)).toBeNull();
      expect((await uow().read.tenants.list(workspace.id)).map((t) => t.id)).toEqual([first.id, second.id]);
      const member = (tenantId: string) => ({
        tenantId,
        workspaceId: workspace.id,
        userId: user.id,
        createdAt: at(3),
      });
      await uow().transaction(async (tx) => {
        await tx.tenants.addMember(member(second.id));
        await tx.tenants.addMember(member(first.id));
        await tx.tenants.addMember(member(first.id));
      });
      expect(await uow().read.tenants.listMembers(workspace.id, first.id)).toEqual([member(first.id)]);
      expect((await uow().read.tenants.listTenantsOfUser(workspace.id, user.id)).map((t) => t.id)).toEqual([
        first.id,
        second.id,
      ]);
      expect(await uow().transaction((tx) => tx.tenants.removeMember(workspace.id, first.id, user.id))).toBe(
        true,
      );
      expect(await uow().transaction((tx) => tx.tenants.removeMember(workspace.id, first.id, user.id))).toBe(
        false,
      );
      expect(await uow().read.appUsers.findById(workspace.id, user.id)).not.toBeNull();
      expect(await uow().transaction((tx) => tx.tenants.delete(workspace.id, second.id))).toBe(true);
      expect(await uow().read.tenants.listTenantsOfUser(workspace.id, user.id)).toEqual([]);
      expect(await uow().transaction((tx) => tx.tenants.deleteAll(workspace.id))).toBe(1);
    });
  });

  describe('SSO connections', () => {
    it('round-trips settings and the sealed secret, lists oldest first, and deletes', async () => {
      const { workspace, other } = await twoWorkspaces(uow());
      const tenant = aTenant(workspace.id);
      const connection = (overrides: Partial<SsoConnection> = {}): SsoConnection => ({
        id: newId(),
        workspaceId: workspace.id,
        protocol: 'oidc',
        name: 'Okta',
        enabled: true,
        settings: { issuer: 'https://idp.example', client_id: 'abc', scopes: ['openid'] },
        clientSecret: SEALED,
        organizationId: null,
        createdAt: at(1),
        updatedAt: at(1),
        ...overrides,
      });
      const first = connection({ organizationId: tenant.id });
      const second = connection({ protocol: 'saml', clientSecret: null, createdAt: at(2) });
      await uow().transaction(async (tx) => {
        await tx.tenants.save(tenant);
        await tx.ssoConnections.save(first);
        await tx.ssoConnections.save(second);
      });
      expect(await uow().read.ssoConnections.findById(workspace.id, first.id)).toEqual(first);
      expect(await uow().read.ssoConnections.findById(other.id, first.id)).toBeNull();
      expect((await uow().read.ssoConnections.list(workspace.id)).map((c) => c.id)).toEqual([
        first.id,
        second.id,
      ]);
      expect(await uow().transaction((tx) => tx.ssoConnections.delete(workspace.id, second.id))).toBe(true);
      expect(await uow().transaction((tx) => tx.ssoConnections.deleteAll(workspace.id))).toBe(1);
      expect(await uow().read.ssoConnections.list(workspace.id)).toEqual([]);
    });

    it('lists the connections holding a sealed client secret, of every workspace, by id', async () => {
      const { workspace, other } = await twoWorkspaces(uow());
      const connection = (workspaceId: string, clientSecret: typeof SEALED | null): SsoConnection => ({
        id: newId(),
        workspaceId,
        protocol: 'oidc',
        name: 'Okta',
        enabled: true,
        settings: {},
        clientSecret,
        organizationId: null,
        createdAt: at(1),
        updatedAt: at(1),
      });
      const withSecret = [connection(workspace.id, SEALED), connection(other.id, SEALED)];
      const without = connection(workspace.id, null);
      await uow().transaction(async (tx) => {
        for (const c of [...withSecret, without]) await tx.ssoConnections.save(c);
      });
      const seen: SsoConnection[] = [];
      let after: string | null = null;
      for (;;) {
        const batch = await uow().read.ssoConnections.listWithClientSecret(after, 1);
        seen.push(...batch);
        const last = batch[batch.length - 1];
        if (!last || batch.length < 1) break;
        after = last.id;
      }
      const ids = seen.map((c) => c.id);
      for (const c of withSecret) expect(ids).toContain(c.id);
      expect(ids).not.toContain(without.id);
      expect([...ids].sort()).toEqual(ids);
    });
  });
}
