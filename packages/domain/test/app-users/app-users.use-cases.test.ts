import {
  addUser,
  anAppUserWorld,
  emailedToken,
  inspect,
  inviteUser,
  onUser,
  redeem,
  tokenOf,
} from '../support/app-user-world';
import { aWorkload, createApp, seedApp } from '../support/app-world';
import { aCustomRole, anOidcConnection, putAuth } from '../support/sign-in-world';
import {
  aMember,
  audited,
  aWorkspaceWorld,
  ctx,
  freeze,
  type WorkspaceWorld,
} from '../support/workspace-world';

const MINUTE = 60;
const HOUR = 3600;
const code = (c: string) => expect.objectContaining({ code: c });

const stored = (world: WorkspaceWorld, id: string) => world.deps.uow.tables.appUsers.get(id);

describe('invite (POST /users)', () => {
  it('makes a pending user with the default role and emails a set-password link valid 72 hours', async () => {
    const world = await anAppUserWorld();
    const { view, created } = await inviteUser(world, { email: ' Ann@Example.test ', firstName: 'Ann' });
    expect(created).toBe(true);
    expect(view.user).toMatchObject({
      email: 'ann@example.test',
      firstName: 'Ann',
      roles: ['user'],
      enabled: true,
      emailVerified: false,
      invitePending: true,
      passwordHash: null,
      lastEmail: { sent: true, skippedReason: null },
    });
    const mail = world.deps.mailer.last();
    expect(mail).toMatchObject({
      to: 'ann@example.test',
      template: 'app_user_invitation',
      from: { name: 'Acme' },
    });
    expect(mail?.text).toMatch(
      new RegExp(`^http://control\\.test/sign-in/${world.workspaceId}/invite#token=\\S+$`, 'm'),
    );
    const expiresAt = new Date(world.deps.clock.now().getTime() + 72 * HOUR * 1000);
    expect(view.inviteLinkExpiresAt).toEqual(expiresAt);
    expect((await inspect(world, emailedToken(world, 'ann@example.test'))).expiresAt).toEqual(expiresAt);
    expect(audited(world, 'app_user.invited')).toHaveLength(1);
  });

  it('with send_email false makes the user with no email and no link: not_requested', async () => {
    const world = await anAppUserWorld();
    const { view } = await inviteUser(world, { email: 'bo@example.test', sendEmail: false });
    expect(world.deps.mailer.sent.filter((m) => m.to === 'bo@example.test')).toEqual([]);
    // No email was attempted, so there is no attempt time (email_attempted_at null).
    expect(view.user.lastEmail).toEqual({ sent: false, skippedReason: 'not_requested', attemptedAt: null });
    expect(view.inviteLinkExpiresAt).toBeNull();
  });

  it('records what the mail server answered', async () => {
    const world = await anAppUserWorld();
    world.deps.mailer.result = 'unconfirmed';
    const { view } = await inviteUser(world, { email: 'cy@example.test' });
    expect(view.user.lastEmail).toMatchObject({ sent: null, skippedReason: 'delivery_unconfirmed' });
  });

  it('is 409 for someone who can already sign in, and sends nothing', async () => {
    const world = await anAppUserWorld();
    await addUser(world, { email: 'dee@example.test', password: 'a good password' });
    const sent = world.deps.mailer.sent.length;
    await expect(inviteUser(world, { email: 'dee@example.test' })).rejects.toEqual(
      code('app_user_can_sign_in'),
    );
    expect(world.deps.mailer.sent).toHaveLength(sent);
  });

  it('again for a still-pending user is a resend: a new link that cancels the old one, then 429 within a minute', async () => {
    const world = await anAppUserWorld();
    const first = await inviteUser(world, { email: 'eve@example.test' });
    const oldToken = emailedToken(world, 'eve@example.test');
    const again = await inviteUser(world, { email: 'eve@example.test', role: 'admin' });
    expect(again.created).toBe(false);
    expect(again.view.user).toMatchObject({ id: first.view.user.id, roles: ['admin'], resendCount: 1 });
    await expect(inspect(world, oldToken)).rejects.toEqual(code('link_unusable'));
    await inspect(world, emailedToken(world, 'eve@example.test'));
    await expect(inviteUser(world, { email: 'eve@example.test' })).rejects.toEqual(
      code('invite_resend_too_soon'),
    );
    world.deps.clock.advance(MINUTE);
    expect((await inviteUser(world, { email: 'eve@example.test' })).view.user.resendCount).toBe(2);
  });

  it('again for a still-pending user counts as a resend with send_email false too: its limits apply', async () => {
    const world = await anAppUserWorld();
    await inviteUser(world, { email: 'fay@example.test' });
    const again = await inviteUser(world, { email: 'fay@example.test', role: 'admin', sendEmail: false });
    expect(again.view.user).toMatchObject({ roles: ['admin'], resendCount: 1 });
    await expect(inviteUser(world, { email: 'fay@example.test', sendEmail: false })).rejects.toEqual(
      code('invite_resend_too_soon'),
    );
    for (let resend = 2; resend <= 5; resend += 1) {
      world.deps.clock.advance(MINUTE);
      await inviteUser(world, { email: 'fay@example.test', sendEmail: resend % 2 === 0 });
    }
    world.deps.clock.advance(MINUTE);
    await expect(inviteUser(world, { email: 'fay@example.test', sendEmail: false })).rejects.toEqual(
      code('invite_resend_limit'),
    );
  });

  it('checks the role (422 naming it), accepting custom app roles', async () => {
    const world = await anAppUserWorld();
    await expect(inviteUser(world, { email: 'f@example.test', role: 'editor' })).rejects.toMatchObject({
      code: 'unknown_app_role',
      fieldErrors: [{ field: 'role', message: "unknown app role 'editor'" }],
    });
    await aCustomRole(world, 'editor', ['vault:read']);
    const { view } = await inviteUser(world, { email: 'f@example.test', role: 'editor' });
    expect(view.user.roles).toEqual(['editor']);
  });

  it('takes an active shell or standalone app_id (404 unknown, 422 archived)', async () => {
    const world = await anAppUserWorld();
    const app = await seedApp(world);
    const archived = await seedApp(world, { status: 'archived' });
    await expect(
      inviteUser(world, { email: 'g@example.test', appId: world.deps.ids.next() }),
    ).rejects.toEqual(code('app_not_found'));
    await expect(inviteUser(world, { email: 'g@example.test', appId: archived.id })).rejects.toEqual(
      code('invalid_sign_in_app'),
    );
    const { view } = await inviteUser(world, { email: 'g@example.test', appId: app.id });
    expect(view.user.inviteAppId).toBe(app.id);
    const { signInUrl } = await redeem(world, emailedToken(world, 'g@example.test'), 'a good password');
    expect(signInUrl).toBe(`http://control.test/sign-in/${world.workspaceId}?app_id=${app.id}`);
  });

  it('is 422 for a legacy coderunner app_id and sends nothing; a standalone app_id opens that app', async () => {
    const world = await anAppUserWorld();
    const legacy = await seedApp(world, { kind: 'coderunner' });
    await expect(inviteUser(world, { email: 'gl@example.test', appId: legacy.id })).rejects.toEqual(
      code('invalid_sign_in_app'),
    );
    expect(world.deps.mailer.sent.filter((m) => m.to === 'gl@example.test')).toEqual([]);
    expect(world.deps.uow.tables.appUsers.size).toBe(0);
    const site = await createApp(world, {
      slug: 'site',
      appKind: 'standalone',
      primaryCoderunnerId: (await aWorkload(world)).id,
    });
    const { view } = await inviteUser(world, { email: 'gs@example.test', appId: site.id });
    expect(view.user.inviteAppId).toBe(site.id);
    // docs/sign-in.md: the sign-in address, with ?app_id= naming the invitation's app.
    const { signInUrl } = await redeem(world, emailedToken(world, 'gs@example.test'), 'a good password');
    expect(signInUrl).toBe(`http://control.test/sign-in/${world.workspaceId}?app_id=${site.id}`);
  });

  it('takes tenant_id only while multi-tenant is on (409), naming a tenant of the workspace (404)', async () => {
    const world = await anAppUserWorld();
    const someId = world.deps.ids.next();
    await expect(inviteUser(world, { email: 'h@example.test', tenantId: someId })).rejects.toEqual(
      code('multi_tenant_disabled'),
    );
    await putAuth(world, { multiTenant: { enabled: true } });
    await expect(inviteUser(world, { email: 'h@example.test', tenantId: someId })).rejects.toEqual(
      code('tenant_not_found'),
    );
    const tenant = await world.uc.tenants.create.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      name: 'Acme Corp',
      context: ctx(world.ownerId),
    });
    const { view } = await inviteUser(world, { email: 'h@example.test', tenantId: tenant.id });
    expect(world.deps.uow.tables.tenantMembers).toEqual([
      expect.objectContaining({ tenantId: tenant.id, userId: view.user.id }),
    ]);
  });

  it('needs administer, active platform sign-in (409) and a workspace that is not frozen (403)', async () => {
    const world = await aWorkspaceWorld();
    await expect(inviteUser(world, { email: 'i@example.test' })).rejects.toEqual(
      code('platform_sign_in_required'),
    );
    await putAuth(world, { mode: 'platform' });
    const writer = await aMember(world, 'writer');
    await expect(inviteUser(world, { email: 'i@example.test' }, writer)).rejects.toEqual(
      code('permission_denied'),
    );
    await freeze(world);
    await expect(inviteUser(world, { email: 'i@example.test' })).rejects.toEqual(code('workspace_frozen'));
  });
});

describe('add (POST /users/add)', () => {
  it('sets the password at once, marks the email verified, and emails the details without the password', async () => {
    const world = await anAppUserWorld();
    const added = await addUser(world, {
      email: 'ann@example.test',
      password: 'chosen by admin',
      role: 'viewer',
    });
    expect(added.temporaryPassword).toBeNull();
    expect(added.signInUrl).toBe(`http://control.test/sign-in/${world.workspaceId}`);
    // Add sets a password at once: no longer pending, though the password is temporary.
    expect(added.view.user).toMatchObject({
      emailVerified: true,
      roles: ['viewer'],
      invitePending: false,
      passwordChangeRequired: true,
      lastEmail: { sent: true },
    });
    expect(added.view.user.temporaryPasswordSetAt).toEqual(world.deps.clock.now());
    const mail = world.deps.mailer.last();
    expect(mail).toMatchObject({ template: 'app_user_access_details', to: 'ann@example.test' });
    expect(mail?.text).toContain(added.signInUrl);
    expect(mail?.text).toContain('viewer');
    expect(mail?.text).not.toContain('chosen by admin');
  });

  it('temporary_password false makes a password the user keeps', async () => {
    const world = await anAppUserWorld();
    const added = await addUser(world, {
      email: 'a@example.test',
      password: 'chosen by admin',
      temporaryPassword: false,
    });
    expect(added.view.user.passwordChangeRequired).toBe(false);
    expect(added.view.user.temporaryPasswordSetAt).toBeNull();
    expect(added.view.user.invitePending).toBe(false);
  });

  it('generates a temporary password, answered once, never stored in the clear, emailed or audited', async () => {
    const world = await anAppUserWorld();
    const added = await addUser(world, { email: 'gen@example.test', generatePassword: true });
    const password = added.temporaryPassword as string;
    expect(password.length).toBeGreaterThanOrEqual(8);
    expect(added.view.user.passwordChangeRequired).toBe(true);
    expect(added.view.user.invitePending).toBe(false);
    expect(JSON.stringify(world.deps.uow.tables.clone())).not.toContain(password);
    expect(JSON.stringify(world.deps.mailer.sent)).not.toContain(password);
  });

  it.each([
    ['neither option', {}, 'password_option_required'],
    ['both options', { password: 'a good password', generatePassword: true }, 'password_option_required'],
    ['generate_password false alone', { generatePassword: false }, 'password_option_required'],
    [
      'a generated password that is not temporary',
      { generatePassword: true, temporaryPassword: false },
      'generated_password_is_temporary',
    ],
    ['a password the policy refuses', { password: 'short' }, 'invalid_password'],
  ])('422 for %s', async (_what, body, expected) => {
    const world = await anAppUserWorld();
    await expect(addUser(world, { email: 'x@example.test', ...body })).rejects.toEqual(code(expected));
    expect(world.deps.uow.tables.appUsers.size).toBe(0);
  });

  it('on a still-pending user sets the password on that user and makes every link of theirs unusable', async () => {
    const world = await anAppUserWorld();
    const invited = await inviteUser(world, { email: 'p@example.test' });
    const token = emailedToken(world, 'p@example.test');
    const added = await addUser(world, { email: 'p@example.test', password: 'a good password' });
    expect(added.created).toBe(false);
    expect(added.view.user.id).toBe(invited.view.user.id);
    expect(added.view.user.invitePending).toBe(false);
    expect(added.view.inviteLinkExpiresAt).toBeNull();
    await expect(inspect(world, token)).rejects.toEqual(code('link_unusable'));
  });

  it('is 409 when the email can already sign in', async () => {
    const world = await anAppUserWorld();
    await addUser(world, { email: 'q@example.test', password: 'a good password' });
    await expect(addUser(world, { email: 'q@example.test', generatePassword: true })).rejects.toEqual(
      code('app_user_can_sign_in'),
    );
  });

  it('checks app_id as invite does (404 unknown, 422 archived or legacy coderunner), setting no password', async () => {
    const world = await anAppUserWorld();
    const archived = await seedApp(world, { status: 'archived' });
    const legacy = await seedApp(world, { kind: 'coderunner' });
    const add = (appId: string) =>
      addUser(world, { email: 's@example.test', password: 'a good password', appId });
    await expect(add(world.deps.ids.next())).rejects.toEqual(code('app_not_found'));
    await expect(add(archived.id)).rejects.toEqual(code('invalid_sign_in_app'));
    await expect(add(legacy.id)).rejects.toEqual(code('invalid_sign_in_app'));
    expect(world.deps.uow.tables.appUsers.size).toBe(0);
    expect(world.deps.appUserCredentials.set).toEqual([]);
    expect(world.deps.mailer.sent.filter((m) => m.to === 's@example.test')).toEqual([]);
  });

  it('with a standalone app_id answers and emails a sign-in address that opens that app', async () => {
    const world = await anAppUserWorld();
    const site = await createApp(world, {
      slug: 'site',
      appKind: 'standalone',
      primaryCoderunnerId: (await aWorkload(world)).id,
    });
    const added = await addUser(world, { email: 't@example.test', generatePassword: true, appId: site.id });
    expect(added.signInUrl).toBe(`http://control.test/sign-in/${world.workspaceId}?app_id=${site.id}`);
    expect(world.deps.mailer.last()?.text).toContain(added.signInUrl);
  });

  it('is 504 when setting the password timed out, and leaves nothing behind', async () => {
    const world = await anAppUserWorld();
    world.deps.appUserCredentials.failNext('timeout');
    await expect(addUser(world, { email: 'r@example.test', generatePassword: true })).rejects.toEqual(
      code('password_save_timeout'),
    );
    expect(world.deps.uow.tables.appUsers.size).toBe(0);
    expect(world.deps.mailer.sent.filter((m) => m.to === 'r@example.test')).toEqual([]);
  });
});

describe('resend-invite', () => {
  it('sends a new invitation, cancelling the older link; 429 inside a minute and past 5 in 24 hours', async () => {
    const world = await anAppUserWorld();
    const { view } = await inviteUser(world, { email: 'ann@example.test' });
    const first = emailedToken(world, 'ann@example.test');
    const resend = () => world.uc.appUsers.resendInvitation.execute(onUser(world, view.user.id));
    // The first resend may follow the invitation at once; the next waits a minute.
    expect((await resend()).user.resendCount).toBe(1);
    await expect(resend()).rejects.toEqual(code('invite_resend_too_soon'));
    for (let i = 2; i <= 5; i++) {
      world.deps.clock.advance(MINUTE);
      expect((await resend()).user.resendCount).toBe(i);
    }
    await expect(inspect(world, first)).rejects.toEqual(code('link_unusable'));
    world.deps.clock.advance(MINUTE);
    await expect(resend()).rejects.toMatchObject({
      code: 'invite_resend_limit',
      retryAfterSeconds: 24 * HOUR - 5 * MINUTE,
    });
    world.deps.clock.advance(24 * HOUR);
    expect((await resend()).user.resendCount).toBe(1);
  });

  it('is 404 for an unknown user, 409 for one who can sign in or is disabled', async () => {
    const world = await anAppUserWorld();
    const resend = (id: string) => world.uc.appUsers.resendInvitation.execute(onUser(world, id));
    await expect(resend(world.deps.ids.next())).rejects.toEqual(code('app_user_not_found'));
    const added = await addUser(world, { email: 'a@example.test', password: 'a good password' });
    await expect(resend(added.view.user.id)).rejects.toEqual(code('app_user_can_sign_in'));
    const pending = await inviteUser(world, { email: 'b@example.test', sendEmail: false });
    await world.uc.appUsers.update.execute({
      ...onUser(world, pending.view.user.id),
      patch: { enabled: false },
    });
    await expect(resend(pending.view.user.id)).rejects.toEqual(code('app_user_disabled'));
  });
});

describe('reset-password', () => {
  it('emails a reset link valid 72 hours to the address; the current password works until it is used', async () => {
    const world = await anAppUserWorld();
    const added = await addUser(world, {
      email: 'ann@example.test',
      password: 'first password',
      temporaryPassword: false,
    });
    const outcome = await world.uc.appUsers.resetPassword.execute(onUser(world, added.view.user.id));
    expect(outcome).toEqual({ email_sent: true, email_skipped_reason: null });
    const mail = world.deps.mailer.last();
    expect(mail).toMatchObject({ to: 'ann@example.test', template: 'app_user_password_reset' });
    expect(mail?.text).toContain(`/sign-in/${world.workspaceId}/reset-password#token=`);
    expect(stored(world, added.view.user.id)?.passwordHash).toBe('fake$first password');
    await redeem(world, emailedToken(world, 'ann@example.test'), 'second password');
    expect(stored(world, added.view.user.id)?.passwordHash).toBe('fake$second password');
  });

  it('answers the email outcome when no mail server is set up', async () => {
    const world = await anAppUserWorld();
    world.deps.mailer.result = 'not_configured';
    const { view } = await inviteUser(world, { email: 'b@example.test', sendEmail: false });
    expect(await world.uc.appUsers.resetPassword.execute(onUser(world, view.user.id))).toEqual({
      email_sent: false,
      email_skipped_reason: 'smtp_not_configured',
    });
  });
});

describe('temporary password', () => {
  it('gives a pending user a generated password to change at first sign-in, and cancels every unused link', async () => {
    const world = await anAppUserWorld();
    const { view } = await inviteUser(world, { email: 'ann@example.test' });
    const link = await world.uc.appUsers.createInviteLink.execute(onUser(world, view.user.id));
    const sent = world.deps.mailer.sent.length;
    const set = await world.uc.appUsers.setTemporaryPassword.execute(onUser(world, view.user.id));
    expect(set.view.user).toMatchObject({
      id: view.user.id,
      roles: ['user'],
      passwordChangeRequired: true,
      // Set, not used yet (spec, States and transitions: "temporary password used").
      invitePending: true,
    });
    expect(set.view.inviteLinkExpiresAt).toBeNull();
    expect(set.signInUrl).toBe(`http://control.test/sign-in/${world.workspaceId}`);
    expect(world.deps.mailer.sent).toHaveLength(sent);
    await expect(inspect(world, tokenOf(link.url))).rejects.toEqual(code('link_unusable'));
    await expect(inspect(world, emailedToken(world, 'ann@example.test'))).rejects.toEqual(
      code('link_unusable'),
    );
    expect(JSON.stringify(world.deps.uow.tables.clone())).not.toContain(set.temporaryPassword);
  });

  it('may be set again while the earlier one is unused; 409 once the user chose a password or uses SSO', async () => {
    const world = await anAppUserWorld();
    const added = await addUser(world, { email: 'a@example.test', generatePassword: true });
    const set = () => world.uc.appUsers.setTemporaryPassword.execute(onUser(world, added.view.user.id));
    await set();
    const chose = await addUser(world, {
      email: 'b@example.test',
      password: 'mine, chosen',
      temporaryPassword: false,
    });
    await expect(
      world.uc.appUsers.setTemporaryPassword.execute(onUser(world, chose.view.user.id)),
    ).rejects.toEqual(code('temporary_password_not_allowed'));
    const sso = await inviteUser(world, { email: 'c@example.test', sendEmail: false });
    await world.deps.uow.transaction(async (tx) => {
      const user = await tx.appUsers.findById(world.workspaceId, sso.view.user.id);
      if (user) await tx.appUsers.save({ ...user, ssoConnectionIds: ['conn'] });
    });
    await expect(
      world.uc.appUsers.setTemporaryPassword.execute(onUser(world, sso.view.user.id)),
    ).rejects.toEqual(code('temporary_password_not_allowed'));
  });

  it('leaves a pending user pending until the sign-in that replaces it; the user can sign in meanwhile', async () => {
    const world = await anAppUserWorld();
    const { view } = await inviteUser(world, { email: 'ann@example.test', sendEmail: false });
    const set = () => world.uc.appUsers.setTemporaryPassword.execute(onUser(world, view.user.id));
    await set();
    // Still "not yet used a temporary password set before": it may be set again, and stays pending.
    const again = await set();
    expect(again.view.user.invitePending).toBe(true);
    expect((await world.uc.appUsers.get.execute(onUser(world, view.user.id))).user.invitePending).toBe(true);
    // The rules for someone who can already sign in hold: a temporary password is a way to sign in.
    await expect(inviteUser(world, { email: 'ann@example.test' })).rejects.toEqual(
      code('app_user_can_sign_in'),
    );
    await expect(world.uc.appUsers.resendInvitation.execute(onUser(world, view.user.id))).rejects.toEqual(
      code('app_user_can_sign_in'),
    );
    await expect(world.uc.appUsers.createInviteLink.execute(onUser(world, view.user.id))).rejects.toEqual(
      code('app_user_can_sign_in'),
    );
    const signIn = (newPassword?: string) =>
      world.uc.appUserTokens.signIn.execute({
        workspaceId: world.workspaceId,
        email: 'ann@example.test',
        password: again.temporaryPassword,
        newPassword,
        ip: null,
      });
    await expect(signIn()).rejects.toEqual(code('password_change_required'));
    expect(stored(world, view.user.id)?.invitePending).toBe(true);
    await signIn('my own password');
    expect(stored(world, view.user.id)).toMatchObject({
      invitePending: false,
      passwordChangeRequired: false,
    });
    await expect(set()).rejects.toEqual(code('temporary_password_not_allowed'));
  });

  it('on a user who was added does not make them pending again', async () => {
    const world = await anAppUserWorld();
    const added = await addUser(world, { email: 'a@example.test', generatePassword: true });
    const set = await world.uc.appUsers.setTemporaryPassword.execute(onUser(world, added.view.user.id));
    expect(set.view.user).toMatchObject({ invitePending: false, passwordChangeRequired: true });
  });

  it('is 504 when setting it timed out', async () => {
    const world = await anAppUserWorld();
    const { view } = await inviteUser(world, { email: 'a@example.test', sendEmail: false });
    world.deps.appUserCredentials.failNext('timeout');
    await expect(world.uc.appUsers.setTemporaryPassword.execute(onUser(world, view.user.id))).rejects.toEqual(
      code('password_save_timeout'),
    );
    expect(stored(world, view.user.id)?.passwordHash).toBeNull();
  });
});

describe('invite link (POST/DELETE /users/{id}/invite-link)', () => {
  it('makes a one-time link valid 24 hours, keeping only its hash; a new one cancels the last, not the emailed one', async () => {
    const world = await anAppUserWorld();
    const { view } = await inviteUser(world, { email: 'ann@example.test' });
    const create = () => world.uc.appUsers.createInviteLink.execute(onUser(world, view.user.id));
    const first = await create();
    expect(first.url).toMatch(
      new RegExp(`^http://control\\.test/sign-in/${world.workspaceId}/invite#token=`),
    );
    expect(first.expiresAt).toEqual(new Date(world.deps.clock.now().getTime() + 24 * HOUR * 1000));
    const token = tokenOf(first.url);
    const links = [...world.deps.uow.tables.appUserLinks.values()];
    expect(JSON.stringify(links)).not.toContain(`"${token}"`);
    const second = await create();
    await expect(inspect(world, token)).rejects.toEqual(code('link_unusable'));
    await inspect(world, tokenOf(second.url));
    await inspect(world, emailedToken(world, 'ann@example.test'));
    expect(audited(world, 'app_user.invite_link_created')).toHaveLength(2);
  });

  it('is 404 unknown, 409 for a user who can sign in or is disabled, 429 past 10 an hour', async () => {
    const world = await anAppUserWorld();
    const create = (id: string) => world.uc.appUsers.createInviteLink.execute(onUser(world, id));
    await expect(create(world.deps.ids.next())).rejects.toEqual(code('app_user_not_found'));
    const added = await addUser(world, { email: 'a@example.test', password: 'a good password' });
    await expect(create(added.view.user.id)).rejects.toEqual(code('app_user_can_sign_in'));
    const { view } = await inviteUser(world, { email: 'b@example.test', sendEmail: false });
    for (let i = 0; i < 10; i++) await create(view.user.id);
    await expect(create(view.user.id)).rejects.toEqual(code('invite_link_limit'));
    world.deps.clock.advance(HOUR);
    await create(view.user.id);
    await world.uc.appUsers.update.execute({ ...onUser(world, view.user.id), patch: { enabled: false } });
    await expect(create(view.user.id)).rejects.toEqual(code('app_user_disabled'));
  });

  it('refused links do not count toward the hourly limit', async () => {
    const world = await anAppUserWorld();
    const { view } = await inviteUser(world, { email: 'b@example.test', sendEmail: false });
    await freeze(world);
    for (let i = 0; i < 12; i++) {
      await expect(world.uc.appUsers.createInviteLink.execute(onUser(world, view.user.id))).rejects.toEqual(
        code('workspace_frozen'),
      );
    }
    await freeze(world, false);
    await world.uc.appUsers.createInviteLink.execute(onUser(world, view.user.id));
  });

  it('DELETE cancels the unused one-time link (204 also when there is none), even while frozen', async () => {
    const world = await anAppUserWorld();
    const { view } = await inviteUser(world, { email: 'a@example.test' });
    const link = await world.uc.appUsers.createInviteLink.execute(onUser(world, view.user.id));
    await freeze(world);
    await world.uc.appUsers.deleteInviteLink.execute(onUser(world, view.user.id));
    await world.uc.appUsers.deleteInviteLink.execute(onUser(world, view.user.id));
    await freeze(world, false);
    await expect(inspect(world, tokenOf(link.url))).rejects.toEqual(code('link_unusable'));
    await inspect(world, emailedToken(world, 'a@example.test'));
    await expect(
      world.uc.appUsers.deleteInviteLink.execute(onUser(world, world.deps.ids.next())),
    ).rejects.toEqual(code('app_user_not_found'));
  });
});

describe('a user linked through single sign-on', () => {
  /** A pending user (no password) linked to a real SSO connection of the workspace. */
  async function ssoLinkedUser(world: WorkspaceWorld, email: string) {
    const connection = await anOidcConnection(world);
    const { view } = await inviteUser(world, { email, sendEmail: false });
    await world.deps.uow.transaction(async (tx) => {
      const user = await tx.appUsers.findById(world.workspaceId, view.user.id);
      if (!user) throw new Error('the invited user is gone');
      await tx.appUsers.save({ ...user, ssoConnectionIds: [connection.id] });
    });
    return view.user.id;
  }

  it('can already sign in: invite, add, resend and invite link are 409 and nothing is sent', async () => {
    const world = await anAppUserWorld();
    const id = await ssoLinkedUser(world, 'sso@example.test');
    // Past the resend minute, so a 429 could not stand in for the 409.
    world.deps.clock.advance(MINUTE);
    const before = stored(world, id);
    const sent = world.deps.mailer.sent.length;
    const links = world.deps.uow.tables.appUserLinks.size;
    await expect(inviteUser(world, { email: 'sso@example.test' })).rejects.toEqual(
      code('app_user_can_sign_in'),
    );
    await expect(
      addUser(world, { email: 'sso@example.test', password: 'a good password', temporaryPassword: false }),
    ).rejects.toEqual(code('app_user_can_sign_in'));
    await expect(world.uc.appUsers.resendInvitation.execute(onUser(world, id))).rejects.toEqual(
      code('app_user_can_sign_in'),
    );
    await expect(world.uc.appUsers.createInviteLink.execute(onUser(world, id))).rejects.toEqual(
      code('app_user_can_sign_in'),
    );
    expect(world.deps.mailer.sent).toHaveLength(sent);
    expect(world.deps.uow.tables.appUserLinks.size).toBe(links);
    expect(world.deps.appUserCredentials.set).toEqual([]);
    expect(stored(world, id)).toEqual(before);
  });
});

describe('PATCH user', () => {
  it('replaces the roles (unknown ones 422) and disabling ends the sessions', async () => {
    const world = await anAppUserWorld();
    const { view } = await inviteUser(world, { email: 'a@example.test', sendEmail: false });
    const patch = (p: { enabled?: boolean; roles?: string[] }) =>
      world.uc.appUsers.update.execute({ ...onUser(world, view.user.id), patch: p });
    expect((await patch({ roles: ['viewer', 'admin', 'viewer'] })).user.roles).toEqual(['viewer', 'admin']);
    await expect(patch({ roles: ['nope', 'user'] })).rejects.toMatchObject({
      code: 'unknown_app_role',
      fieldErrors: [{ field: 'roles', message: "unknown app role 'nope'" }],
    });
    await world.deps.uow.transaction((tx) =>
      tx.appUserSessions.save({
        id: 'sess',
        workspaceId: world.workspaceId,
        userId: view.user.id,
        clientId: 'shell',
        createdAt: world.deps.clock.now(),
        revokedAt: null,
      }),
    );
    expect((await patch({ enabled: false })).user.enabled).toBe(false);
    expect(world.deps.uow.tables.appUserSessions.get('sess')?.revokedAt).not.toBeNull();
    expect(audited(world, 'app_user.updated')).toHaveLength(2);
  });

  it('on a frozen workspace allows disabling and empty roles, refuses re-enabling and granting', async () => {
    const world = await anAppUserWorld();
    const { view } = await inviteUser(world, { email: 'a@example.test', sendEmail: false });
    const patch = (p: { enabled?: boolean; roles?: string[] }) =>
      world.uc.appUsers.update.execute({ ...onUser(world, view.user.id), patch: p });
    await freeze(world);
    await patch({ enabled: false });
    await patch({ roles: [] });
    await expect(patch({ enabled: true })).rejects.toEqual(code('workspace_frozen'));
    await expect(patch({ roles: ['viewer'] })).rejects.toEqual(code('workspace_frozen'));
  });

  it('on a suspended organization allows disabling and empty roles, refuses re-enabling and granting', async () => {
    const world = await anAppUserWorld();
    const disabled = await inviteUser(world, { email: 'd@example.test', sendEmail: false });
    const active = await inviteUser(world, { email: 'e@example.test', sendEmail: false });
    const patch = (id: string, p: { enabled?: boolean; roles?: string[] }) =>
      world.uc.appUsers.update.execute({ ...onUser(world, id), patch: p });
    await patch(disabled.view.user.id, { enabled: false });
    const suspend = (suspended: boolean) =>
      world.uc.operator.updateOrganization.execute({
        organizationId: world.organizationId,
        suspended,
        ip: null,
      });
    await suspend(true);
    await expect(patch(disabled.view.user.id, { enabled: true })).rejects.toEqual(
      code('organization_suspended'),
    );
    await expect(patch(active.view.user.id, { roles: ['viewer'] })).rejects.toEqual(
      code('organization_suspended'),
    );
    expect(stored(world, disabled.view.user.id)?.enabled).toBe(false);
    expect(stored(world, active.view.user.id)?.roles).toEqual(['user']);
    expect((await patch(active.view.user.id, { enabled: false })).user.enabled).toBe(false);
    expect((await patch(active.view.user.id, { roles: [] })).user.roles).toEqual([]);
    await suspend(false);
    expect((await patch(disabled.view.user.id, { enabled: true })).user.enabled).toBe(true);
  });

  it('needs administer (403) on a user of the workspace (404)', async () => {
    const world = await anAppUserWorld();
    const member = await aMember(world, 'member');
    const { view } = await inviteUser(world, { email: 'a@example.test', sendEmail: false });
    await expect(
      world.uc.appUsers.update.execute({ ...onUser(world, view.user.id, member), patch: { enabled: false } }),
    ).rejects.toEqual(code('permission_denied'));
    await expect(
      world.uc.appUsers.update.execute({
        ...onUser(world, world.deps.ids.next()),
        patch: { enabled: false },
      }),
    ).rejects.toEqual(code('app_user_not_found'));
  });
});

describe('DELETE user', () => {
  it('removes the user with links, sessions and tenant memberships; allowed while frozen; then 404', async () => {
    const world = await anAppUserWorld({ multiTenant: true });
    const tenant = await world.uc.tenants.create.execute({
      userId: world.ownerId,
      workspaceId: world.workspaceId,
      name: 'T',
      context: ctx(world.ownerId),
    });
    const { view } = await inviteUser(world, { email: 'a@example.test', tenantId: tenant.id });
    const token = emailedToken(world, 'a@example.test');
    await freeze(world);
    await world.uc.appUsers.delete.execute(onUser(world, view.user.id));
    await freeze(world, false);
    expect(world.deps.uow.tables.appUsers.size).toBe(0);
    expect(world.deps.uow.tables.tenantMembers).toEqual([]);
    await expect(inspect(world, token)).rejects.toEqual(code('link_unusable'));
    await expect(world.uc.appUsers.delete.execute(onUser(world, view.user.id))).rejects.toEqual(
      code('app_user_not_found'),
    );
  });
});

describe('list and get', () => {
  it('pages oldest first with first and limit (default 100, at most 200; 422 outside)', async () => {
    const world = await anAppUserWorld();
    for (const name of ['a', 'b', 'c']) {
      await inviteUser(world, { email: `${name}@example.test`, sendEmail: false });
      world.deps.clock.advance(1);
    }
    const list = (q: { first?: number; limit?: number }) =>
      world.uc.appUsers.list.execute({ userId: world.ownerId, workspaceId: world.workspaceId, ...q });
    const page = await list({ first: 1, limit: 1 });
    expect(page).toMatchObject({ first: 1, limit: 1, total: 3 });
    expect(page.users.map((v) => v.user.email)).toEqual(['b@example.test']);
    expect((await list({})).limit).toBe(100);
    await list({ limit: 200 });
    for (const q of [{ limit: 0 }, { limit: 201 }, { first: -1 }, { first: 1.5 }]) {
      await expect(list(q)).rejects.toEqual(code('invalid_page'));
    }
  });

  it('reads need read on the workspace (any workspace role), and work without platform sign-in', async () => {
    const world = await anAppUserWorld();
    const { view } = await inviteUser(world, { email: 'a@example.test' });
    await putAuth(world, { mode: 'none' });
    const member = await aMember(world, 'member');
    const got = await world.uc.appUsers.get.execute({
      userId: member,
      workspaceId: world.workspaceId,
      appUserId: view.user.id,
    });
    expect(got.user.email).toBe('a@example.test');
  });
});
