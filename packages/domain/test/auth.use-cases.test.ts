import { type FakeDeps, fakeDeps, type InMemoryUnitOfWork } from '@groundfloor/testkit';
import { createUseCases, type DomainError, type UseCases } from '../src';

async function withOwner(_deps: FakeDeps, useCases: UseCases, password?: string) {
  return useCases.operator.createOrganization.execute({
    name: 'Acme',
    planTier: 'free',
    ownerEmail: 'Owner@Acme.test',
    ownerPassword: password,
    ip: '127.0.0.1',
  });
}

const failure = async (p: Promise<unknown>): Promise<DomainError> => {
  try {
    await p;
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected a failure');
};

describe('team sign-in', () => {
  let deps: FakeDeps;
  let uc: UseCases;
  beforeEach(async () => {
    deps = fakeDeps();
    uc = createUseCases(deps);
    await withOwner(deps, uc, 'correct horse battery');
  });

  it('issues a token pair for the right password, email compared case-insensitively', async () => {
    const pair = await uc.signIn.execute({
      email: ' OWNER@acme.test ',
      password: 'correct horse battery',
      ip: null,
    });
    expect(pair).toMatchObject({ token_type: 'Bearer', expires_in: 900, password_change_required: false });
    const principal = await uc.authenticateTeam.execute(pair.access_token);
    expect(principal.kind).toBe('team');
  });

  it('records the sign-in, its session, audit event and refresh token in one batch of writes', async () => {
    const uow = deps.uow as InMemoryUnitOfWork;
    const batches = jest.spyOn(uow, 'batch');
    const transactions = jest.spyOn(uow, 'transaction');
    deps.clock.advance(60);
    const pair = await uc.signIn.execute({
      email: 'owner@acme.test',
      password: 'correct horse battery',
      ip: null,
    });
    expect(batches).toHaveBeenCalledTimes(1);
    // The fake's batch is a transaction underneath: only that one ran.
    expect(transactions).toHaveBeenCalledTimes(1);
    const owner = await uow.read.users.findByEmail('owner@acme.test');
    expect(owner?.lastLoginAt).toEqual(deps.clock.now());
    const principal = await uc.authenticateTeam.execute(pair.access_token);
    expect(principal.kind).toBe('team');
    const events = uow.tables.audit.filter((e) => e.action === 'auth.signed_in');
    expect(events).toHaveLength(1);
  });

  it('answers 401 when the user is deleted between the password check and the writes, writing nothing', async () => {
    const uow = deps.uow as InMemoryUnitOfWork;
    const owner = await uow.read.users.findByEmail('owner@acme.test');
    // The database refuses the session of a user deleted after the password check.
    uow.batch = async () => {
      uow.tables.users.delete(owner?.id as string);
      throw new Error('sessions_user_id_fkey');
    };
    const sessionsBefore = uow.tables.sessions.size;
    const gone = await failure(
      uc.signIn.execute({ email: 'owner@acme.test', password: 'correct horse battery', ip: null }),
    );
    expect(gone.code).toBe('invalid_credentials');
    expect(uow.tables.sessions.size).toBe(sessionsBefore);
  });

  it('passes any other failure of the writes on as it is', async () => {
    const uow = deps.uow as InMemoryUnitOfWork;
    const outage = new Error('connection reset');
    uow.batch = () => Promise.reject(outage);
    await expect(
      uc.signIn.execute({ email: 'owner@acme.test', password: 'correct horse battery', ip: null }),
    ).rejects.toBe(outage);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const wrong = await failure(
      uc.signIn.execute({ email: 'owner@acme.test', password: 'nope nope', ip: null }),
    );
    const unknown = await failure(
      uc.signIn.execute({ email: 'ghost@acme.test', password: 'nope nope', ip: null }),
    );
    expect([wrong.kind, wrong.code, wrong.detail]).toEqual([unknown.kind, unknown.code, unknown.detail]);
    expect(wrong.code).toBe('invalid_credentials');
  });

  it('refuses the 11th attempt after 10 failures in 10 minutes, even with the right password', async () => {
    for (let i = 0; i < 10; i++) {
      await failure(uc.signIn.execute({ email: 'owner@acme.test', password: 'wrong pass', ip: null }));
    }
    const limited = await failure(
      uc.signIn.execute({ email: 'owner@acme.test', password: 'correct horse battery', ip: null }),
    );
    expect(limited.kind).toBe('rate_limited');
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
    deps.clock.advance(601);
    await expect(
      uc.signIn.execute({ email: 'owner@acme.test', password: 'correct horse battery', ip: null }),
    ).resolves.toBeDefined();
  });

  it('rotates refresh tokens and revokes the session when a spent one is reused', async () => {
    const first = await uc.signIn.execute({
      email: 'owner@acme.test',
      password: 'correct horse battery',
      ip: null,
    });
    const second = await uc.refreshSession.execute({ refreshToken: first.refresh_token, ip: null });
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const reuse = await failure(uc.refreshSession.execute({ refreshToken: first.refresh_token, ip: null }));
    expect(reuse.code).toBe('invalid_refresh_token');
    // The whole session is gone: the newest tokens stop working too.
    await expect(
      uc.refreshSession.execute({ refreshToken: second.refresh_token, ip: null }),
    ).rejects.toMatchObject({
      kind: 'unauthenticated',
    });
    await expect(uc.authenticateTeam.execute(second.access_token)).rejects.toMatchObject({
      kind: 'unauthenticated',
    });
    expect(deps.uow.tables.audit.map((e) => e.action)).toContain('auth.refresh_token_reused');
  });

  it('logout ends the session and its access tokens', async () => {
    const pair = await uc.signIn.execute({
      email: 'owner@acme.test',
      password: 'correct horse battery',
      ip: null,
    });
    await uc.logout.execute({ refreshToken: pair.refresh_token, ip: null });
    await expect(uc.authenticateTeam.execute(pair.access_token)).rejects.toMatchObject({
      code: 'invalid_token',
    });
  });

  it('a password change revokes the other sessions but keeps the current one', async () => {
    const mine = await uc.signIn.execute({
      email: 'owner@acme.test',
      password: 'correct horse battery',
      ip: null,
    });
    const other = await uc.signIn.execute({
      email: 'owner@acme.test',
      password: 'correct horse battery',
      ip: null,
    });
    const me = await uc.authenticateTeam.execute(mine.access_token);
    await uc.changePassword.execute({
      userId: me.userId,
      sessionId: me.sessionId,
      currentPassword: 'correct horse battery',
      newPassword: 'a new long password',
      ip: null,
    });
    await expect(uc.authenticateTeam.execute(mine.access_token)).resolves.toBeDefined();
    await expect(uc.authenticateTeam.execute(other.access_token)).rejects.toMatchObject({
      kind: 'unauthenticated',
    });
    await expect(
      uc.signIn.execute({ email: 'owner@acme.test', password: 'a new long password', ip: null }),
    ).resolves.toBeDefined();
  });

  it('a wrong current password is refused and changes nothing', async () => {
    const mine = await uc.signIn.execute({
      email: 'owner@acme.test',
      password: 'correct horse battery',
      ip: null,
    });
    const me = await uc.authenticateTeam.execute(mine.access_token);
    const error = await failure(
      uc.changePassword.execute({
        ...me,
        currentPassword: 'wrong',
        newPassword: 'another password',
        ip: null,
      }),
    );
    expect(error).toMatchObject({ kind: 'invalid', code: 'invalid_current_password' });
    await expect(
      uc.signIn.execute({ email: 'owner@acme.test', password: 'correct horse battery', ip: null }),
    ).resolves.toBeDefined();
  });

  it('of concurrent changes from one current password, one wins and the others are refused', async () => {
    const mine = await uc.signIn.execute({
      email: 'owner@acme.test',
      password: 'correct horse battery',
      ip: null,
    });
    const me = await uc.authenticateTeam.execute(mine.access_token);
    const attempts = ['first new password', 'second new password', 'third new password'];
    const results = await Promise.allSettled(
      attempts.map((newPassword) =>
        uc.changePassword.execute({ ...me, currentPassword: 'correct horse battery', newPassword, ip: null }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'invalid_current_password' });
    const winner = attempts[results.findIndex((r) => r.status === 'fulfilled')] as string;
    await expect(
      uc.signIn.execute({ email: 'owner@acme.test', password: winner, ip: null }),
    ).resolves.toBeDefined();
  });

  it('a temporary password marks the session as restricted until it is changed', async () => {
    const user = await deps.uow.read.users.findByEmail('owner@acme.test');
    if (!user) throw new Error('no user');
    await deps.uow.transaction(async (tx) => {
      await tx.users.save({ ...user, passwordChangeRequired: true });
    });
    const pair = await uc.signIn.execute({
      email: 'owner@acme.test',
      password: 'correct horse battery',
      ip: null,
    });
    expect(pair.password_change_required).toBe(true);
    const me = await uc.authenticateTeam.execute(pair.access_token);
    expect(me.passwordChangeRequired).toBe(true);
    // The same password again is no change: the session stays restricted.
    await expect(
      uc.changePassword.execute({
        ...me,
        currentPassword: 'correct horse battery',
        newPassword: 'correct horse battery',
        ip: null,
      }),
    ).rejects.toMatchObject({ kind: 'invalid', code: 'invalid_password' });
    expect((await uc.authenticateTeam.execute(pair.access_token)).passwordChangeRequired).toBe(true);
    await uc.changePassword.execute({
      ...me,
      currentPassword: 'correct horse battery',
      newPassword: 'chosen by me',
      ip: null,
    });
    expect((await uc.authenticateTeam.execute(pair.access_token)).passwordChangeRequired).toBe(false);
  });
});

describe('set-password links', () => {
  it('an owner created without a password gets a pending membership and a link that works once', async () => {
    const deps = fakeDeps();
    const uc = createUseCases(deps);
    const created = await uc.operator.createOrganization.execute({
      name: 'Acme',
      planTier: 'pro',
      ownerEmail: 'new@acme.test',
      ip: null,
    });
    expect(created.ownerMembership.status).toBe('pending');
    expect(created.email).toEqual({ email_sent: true, email_skipped_reason: null });
    const text = deps.mailer.last()?.text ?? '';
    const line = text.split('\n').find((l) => l.startsWith('http://control.test/set-password#token='));
    expect(line).toBeDefined();
    const token = (line as string).split('#token=')[1] as string;
    // Only the hash is stored.
    expect(JSON.stringify([...deps.uow.tables.passwordLinks.values()])).not.toContain(`"${token}"`);

    const inspected = await uc.inspectPasswordLink.execute({ token });
    expect(inspected.email_masked).toBe('n***@acme.test');
    await expect(uc.redeemPasswordLink.execute({ token, password: 'short', ip: null })).rejects.toMatchObject(
      {
        kind: 'invalid',
      },
    );
    await expect(
      uc.redeemPasswordLink.execute({ token, password: 'long enough now', ip: null }),
    ).resolves.toEqual({
      email: 'new@acme.test',
    });
    await expect(
      uc.redeemPasswordLink.execute({ token, password: 'long enough now', ip: null }),
    ).rejects.toMatchObject({ kind: 'gone' });
    await expect(
      uc.signIn.execute({ email: 'new@acme.test', password: 'long enough now', ip: null }),
    ).resolves.toBeDefined();
  });

  it('links expire after 72 hours', async () => {
    const deps = fakeDeps();
    const uc = createUseCases(deps);
    await uc.operator.createOrganization.execute({
      name: 'Acme',
      planTier: 'free',
      ownerEmail: 'n@a.test',
      ip: null,
    });
    const token = (deps.mailer.last()?.text.match(/#token=(\S+)/) ?? [])[1] as string;
    deps.clock.advance(72 * 3600 + 1);
    await expect(uc.inspectPasswordLink.execute({ token })).rejects.toMatchObject({ kind: 'gone' });
  });

  it('an existing user keeps their password when made owner of another organization', async () => {
    const deps = fakeDeps();
    const uc = createUseCases(deps);
    await uc.operator.createOrganization.execute({
      name: 'One',
      planTier: 'free',
      ownerEmail: 'o@a.test',
      ownerPassword: 'first password',
      ip: null,
    });
    const second = await uc.operator.createOrganization.execute({
      name: 'Two',
      planTier: 'free',
      ownerEmail: 'o@a.test',
      ownerPassword: 'second password',
      ip: null,
    });
    expect(second.ownerMembership.status).toBe('accepted');
    await expect(
      uc.signIn.execute({ email: 'o@a.test', password: 'first password', ip: null }),
    ).resolves.toBeDefined();
    await expect(
      uc.signIn.execute({ email: 'o@a.test', password: 'second password', ip: null }),
    ).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
  });

  it('reports the mailer outcome as the spec email fields', async () => {
    const deps = fakeDeps();
    deps.mailer.result = 'unconfirmed';
    const uc = createUseCases(deps);
    const created = await uc.operator.createOrganization.execute({
      name: 'A',
      planTier: 'free',
      ownerEmail: 'x@a.test',
      ip: null,
    });
    expect(created.email).toEqual({ email_sent: null, email_skipped_reason: 'delivery_unconfirmed' });
  });
});
