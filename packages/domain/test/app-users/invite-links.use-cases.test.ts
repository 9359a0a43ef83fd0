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
import { putAuth } from '../support/sign-in-world';
import { audited, type WorkspaceWorld } from '../support/workspace-world';

const code = (c: string) => expect.objectContaining({ code: c });
const MINUTE = 60;

async function invited(world: WorkspaceWorld, email = 'ann@example.test') {
  const { view } = await inviteUser(world, { email });
  return { user: view.user, token: emailedToken(world, email) };
}

describe('POST /v1/public/invite-links/inspect', () => {
  it('names the workspace, masks the email and tells the expiry, without using the link', async () => {
    const world = await anAppUserWorld();
    const { token } = await invited(world);
    const first = await inspect(world, token);
    expect(first).toEqual({
      workspaceName: 'Main',
      logoUrl: null,
      emailMasked: 'a***@example.test',
      expiresAt: new Date(world.deps.clock.now().getTime() + 72 * 3600 * 1000),
    });
    expect(await inspect(world, token)).toEqual(first);
  });

  it('links the logo when the workspace has one', async () => {
    const world = await anAppUserWorld();
    await world.deps.uow.transaction((tx) =>
      tx.signInAssets.save({
        workspaceId: world.workspaceId,
        kind: 'logo',
        contentType: 'image/png',
        bytes: new Uint8Array([1, 2, 3]),
        updatedAt: world.deps.clock.now(),
      }),
    );
    const { token } = await invited(world);
    expect((await inspect(world, token)).logoUrl).toBe(
      `http://control.test/v1/public/branding/assets/logo?workspace_id=${world.workspaceId}`,
    );
  });
});

describe('POST /v1/public/invite-links/redeem', () => {
  it('sets the password, marks the email verified, uses up the link and every other link of the user', async () => {
    const world = await anAppUserWorld();
    const { user, token } = await invited(world);
    const oneTime = await world.uc.appUsers.createInviteLink.execute(onUser(world, user.id));
    expect(await redeem(world, token, 'my own password')).toEqual({
      signInUrl: `http://control.test/sign-in/${world.workspaceId}`,
    });
    expect(world.deps.uow.tables.appUsers.get(user.id)).toMatchObject({
      passwordHash: 'fake$my own password',
      emailVerified: true,
      passwordChangeRequired: false,
      invitePending: false,
    });
    await expect(redeem(world, token, 'another password')).rejects.toEqual(code('link_unusable'));
    await expect(redeem(world, tokenOf(oneTime.url), 'another password')).rejects.toEqual(
      code('link_unusable'),
    );
    const [event] = audited(world, 'app_user.password_set');
    expect(event).toMatchObject({ actor: { kind: 'app_user', id: user.id }, details: { via: 'invitation' } });
  });

  it('a reset link redeemed by a user holding an unused temporary password ends invite_pending', async () => {
    const world = await anAppUserWorld();
    const { user } = await invited(world);
    await world.uc.appUsers.setTemporaryPassword.execute(onUser(world, user.id));
    expect(world.deps.uow.tables.appUsers.get(user.id)?.invitePending).toBe(true);
    await world.uc.appUsers.resetPassword.execute(onUser(world, user.id));
    await redeem(world, emailedToken(world, 'ann@example.test'), 'my own password');
    expect(world.deps.uow.tables.appUsers.get(user.id)).toMatchObject({
      invitePending: false,
      passwordChangeRequired: false,
    });
  });

  it('a one-time link works the same and names it in the audit', async () => {
    const world = await anAppUserWorld();
    const { view } = await inviteUser(world, { email: 'b@example.test', sendEmail: false });
    const link = await world.uc.appUsers.createInviteLink.execute(onUser(world, view.user.id));
    await redeem(world, tokenOf(link.url), 'a good password');
    expect(audited(world, 'app_user.password_set')[0]?.details).toEqual({ via: 'one_time' });
  });

  describe('410 for every unusable link', () => {
    const cases: [
      string,
      (w: WorkspaceWorld, u: { user: { id: string }; token: string }) => Promise<unknown>,
    ][] = [
      ['unknown', async () => undefined],
      ['expired (72 hours)', async (w) => w.deps.clock.advance(72 * 3600)],
      [
        'cancelled by a newer invitation',
        async (w, u) => {
          w.deps.clock.advance(MINUTE);
          await w.uc.appUsers.resendInvitation.execute(onUser(w, u.user.id));
        },
      ],
      ['of a deleted user', (w, u) => w.uc.appUsers.delete.execute(onUser(w, u.user.id))],
      [
        'of a disabled user',
        (w, u) => w.uc.appUsers.update.execute({ ...onUser(w, u.user.id), patch: { enabled: false } }),
      ],
      ['of a workspace whose platform sign-in is off', (w) => putAuth(w, { mode: 'none' })],
      [
        'of a user who can sign in now',
        (w) => addUser(w, { email: 'ann@example.test', password: 'set by admin' }),
      ],
    ];
    it.each(cases)('%s', async (what, make) => {
      const world = await anAppUserWorld();
      const u = await invited(world);
      await make(world, u);
      const token = what === 'unknown' ? 'not-a-token' : u.token;
      await expect(inspect(world, token)).rejects.toEqual(code('link_unusable'));
      await expect(redeem(world, token, 'a good password')).rejects.toEqual(code('link_unusable'));
    });
  });

  it('a refused password (422) or one that could not be saved (502) leaves the link usable', async () => {
    const world = await anAppUserWorld();
    const { user, token } = await invited(world);
    await expect(redeem(world, token, 'short')).rejects.toEqual(code('invalid_password'));
    world.deps.appUserCredentials.failNext('unavailable');
    await expect(redeem(world, token, 'a good password')).rejects.toEqual(code('password_not_saved'));
    world.deps.appUserCredentials.failNext('timeout');
    await expect(redeem(world, token, 'a good password')).rejects.toEqual(code('password_not_saved'));
    expect(world.deps.uow.tables.appUsers.get(user.id)?.passwordHash).toBeNull();
    await redeem(world, token, 'a good password');
  });

  it('is 429 after 5 failed attempts with one link in 10 minutes, and usable again after', async () => {
    const world = await anAppUserWorld();
    const { token } = await invited(world);
    for (let i = 0; i < 5; i++) {
      await expect(redeem(world, token, 'short', `10.0.0.${i}`)).rejects.toEqual(code('invalid_password'));
    }
    await expect(redeem(world, token, 'a good password', '10.0.1.1')).rejects.toEqual(
      code('too_many_redeem_attempts'),
    );
    world.deps.clock.advance(10 * MINUTE);
    await redeem(world, token, 'a good password', '10.0.1.2');
  });

  it('admits 10 requests a minute per address to both routes together, then 429', async () => {
    const world = await anAppUserWorld();
    const admit = (ip: string) => world.uc.inviteLinks.admit.execute({ ip });
    for (let i = 0; i < 10; i++) await admit('192.0.2.7');
    await expect(admit('192.0.2.7')).rejects.toMatchObject({
      code: 'public_rate_limited',
      retryAfterSeconds: expect.any(Number),
    });
    await admit('192.0.2.8');
    world.deps.clock.advance(MINUTE);
    await admit('192.0.2.7');
  });
});
