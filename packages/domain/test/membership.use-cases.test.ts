import { type FakeDeps, fakeDeps } from '@groundfloor/testkit';
import {
  createUseCases,
  type DomainError,
  type MembershipState,
  type MembershipTrigger,
  nextMembershipState,
  type UseCases,
} from '../src';
import { requireExpiresAt } from '../src/membership/add-member-request';

const ctx = (userId: string) => ({ actor: { kind: 'user' as const, id: userId }, ip: '203.0.113.7' });

/** The token of the newest set-password link in the fake mailer's outbox. */
const linkToken = (deps: FakeDeps): string => {
  const match = /#token=(\S+)/.exec(deps.mailer.last()?.text ?? '');
  if (!match?.[1]) throw new Error('no set-password link was emailed');
  return match[1];
};

const failure = async (p: Promise<unknown>): Promise<DomainError> => {
  try {
    await p;
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected a failure');
};

describe('membership state machine', () => {
  // The spec's Membership state table, written out independently of the
  // production table: every (state, trigger) pair and what it must answer.
  // A refusal is [kind, code]; a row is the next state.
  const EXPECTED: [MembershipState, MembershipTrigger, MembershipState | [string, string]][] = [
    ['none', 'invite', 'pending'],
    ['none', 'add', 'accepted'],
    ['none', 'accept', ['not_found', 'invitation_not_found']],
    ['none', 'reject', ['not_found', 'invitation_not_found']],
    ['none', 'change_role', ['conflict', 'membership_not_accepted']],
    ['none', 'delete', ['not_found', 'membership_not_found']],
    ['pending', 'invite', ['conflict', 'duplicate']],
    ['pending', 'add', ['conflict', 'duplicate']],
    ['pending', 'accept', 'accepted'],
    ['pending', 'reject', 'deleted'],
    ['pending', 'change_role', ['conflict', 'membership_not_accepted']],
    ['pending', 'delete', 'deleted'],
    ['accepted', 'invite', ['conflict', 'duplicate']],
    ['accepted', 'add', ['conflict', 'duplicate']],
    ['accepted', 'accept', ['not_found', 'invitation_not_found']],
    ['accepted', 'reject', ['not_found', 'invitation_not_found']],
    ['accepted', 'change_role', 'accepted'],
    ['accepted', 'delete', 'deleted'],
    ['deleted', 'invite', ['conflict', 'duplicate']],
    ['deleted', 'add', ['conflict', 'duplicate']],
    ['deleted', 'accept', ['not_found', 'invitation_not_found']],
    ['deleted', 'reject', ['not_found', 'invitation_not_found']],
    ['deleted', 'change_role', ['conflict', 'membership_not_accepted']],
    ['deleted', 'delete', ['not_found', 'membership_not_found']],
  ];

  for (const [from, trigger, expected] of EXPECTED) {
    it(`${from} + ${trigger} → ${Array.isArray(expected) ? expected.join(' ') : expected}`, () => {
      if (Array.isArray(expected)) {
        const [kind, code] = expected;
        expect(() => nextMembershipState(from, trigger)).toThrow(expect.objectContaining({ kind, code }));
      } else {
        expect(nextMembershipState(from, trigger)).toBe(expected);
      }
    });
  }
});

describe('membership use cases', () => {
  let deps: FakeDeps;
  let uc: UseCases;
  let orgId: string;
  let ownerId: string;

  beforeEach(async () => {
    deps = fakeDeps();
    uc = createUseCases(deps);
    const created = await uc.operator.createOrganization.execute({
      name: 'Acme',
      planTier: 'free',
      ownerEmail: 'owner@acme.test',
      ownerPassword: 'owner password',
      ip: null,
    });
    orgId = created.organization.id;
    ownerId = created.ownerMembership.userId;
  });

  const add = (body: Parameters<UseCases['memberships']['add']['execute']>[0]['body'], by = ownerId) =>
    uc.memberships.add.execute({
      userId: by,
      scopeType: 'account',
      scopeId: orgId,
      body,
      context: ctx(by),
    });
  const actions = () => deps.uow.tables.audit.map((e) => e.action);

  it('invites a new email: a login without password, a pending membership, a set-password email', async () => {
    const added = await add({ email: ' New@Acme.test ', role: 'writer' });
    expect(added.created).toBe(true);
    expect(added.membership).toMatchObject({ status: 'pending', role: 'writer', invitedByUserId: ownerId });
    expect(added.user).toMatchObject({ email: 'new@acme.test', passwordHash: null });
    expect(added.email).toEqual({ email_sent: true, email_skipped_reason: null });
    const mail = deps.mailer.last();
    expect(mail).toMatchObject({ to: 'new@acme.test', template: 'set_password' });
    expect(mail?.text).toMatch(/^http:\/\/control\.test\/set-password#token=\S+$/m);
    expect(mail?.text).toContain('Acme');
    // The first email that reached the mail server is the welcome email.
    expect(deps.uow.tables.users.get(added.user.id)?.welcomeEmailSentAt).toEqual(deps.clock.now());
    const event = deps.uow.tables.audit.at(-1);
    expect(event).toMatchObject({
      action: 'membership.created',
      organizationId: orgId,
      actor: { kind: 'user', id: ownerId },
      details: { role: 'writer', status: 'pending', via: 'email', user_created: true, password_set: false },
    });
  });

  it('sets credentials with email + password, temporary by default, and never emails the password', async () => {
    const added = await add({ email: 'pw@acme.test', password: 'initial secret', role: 'member' });
    expect(added.membership.status).toBe('accepted');
    const user = deps.uow.tables.users.get(added.user.id);
    expect(user?.passwordHash).toBe('fake$initial secret');
    expect(user?.passwordChangeRequired).toBe(true);
    expect(deps.mailer.last()?.template).toBe('invitation_details');
    expect(deps.mailer.sent.every((m) => !m.text.includes('initial secret'))).toBe(true);
    expect(JSON.stringify(deps.uow.tables.audit)).not.toContain('initial secret');

    const quiet = await add({
      email: 'quiet@acme.test',
      password: 'initial secret',
      temporaryPassword: false,
      sendEmail: false,
      role: 'member',
    });
    expect(quiet.email).toEqual({ email_sent: false, email_skipped_reason: 'not_requested' });
    expect(deps.uow.tables.users.get(quiet.user.id)?.passwordChangeRequired).toBe(false);
  });

  it('refuses a password for an email that already has one, and writes nothing', async () => {
    await uc.operator.createOrganization.execute({
      name: 'Elsewhere',
      planTier: 'free',
      ownerEmail: 'has-password@elsewhere.test',
      ownerPassword: 'their own secret',
      ip: null,
    });
    const before = deps.uow.tables.audit.length;
    const error = await failure(
      add({ email: 'has-password@elsewhere.test', password: 'another secret', role: 'member' }),
    );
    expect([error.kind, error.code]).toEqual(['conflict', 'user_has_credentials']);
    expect(deps.uow.tables.audit).toHaveLength(before);
  });

  it('checks rule 1 (400) before the role and the user_id format (422)', async () => {
    const cases: [Parameters<typeof add>[0], string, string][] = [
      [{ userId: ownerId, email: 'a@acme.test' }, 'malformed', 'user_id_and_email'],
      [{ userId: 'not-a-uuid', email: 'a@acme.test', role: 'member' }, 'malformed', 'user_id_and_email'],
      [{}, 'malformed', 'user_id_or_email_required'],
      [{ userId: ownerId, password: 'x' }, 'malformed', 'password_with_user_id'],
      [{ email: 'a@acme.test' }, 'invalid', 'validation_failed'],
      [{ userId: 'not-a-uuid', role: 'member' }, 'invalid', 'validation_failed'],
      [{ email: 'a@acme.test', role: 'boss' }, 'invalid', 'invalid_role_for_scope'],
    ];
    for (const [body, kind, code] of cases) {
      expect(await failure(add(body))).toMatchObject({ kind, code });
    }
  });

  it('writes a new login, its membership, audit event and link in one batch, and nothing of a refused one', async () => {
    const batches: unknown[] = [];
    const batch = deps.uow.batch.bind(deps.uow);
    deps.uow.batch = (work) => {
      batches.push(work);
      return batch(work);
    };
    const added = await add({ email: 'batched@acme.test', role: 'member' });
    expect(batches).toHaveLength(1);
    expect(deps.uow.tables.users.get(added.user.id)).toBeDefined();
    expect(deps.uow.tables.memberships.get(added.membership.id)).toBeDefined();
    expect(deps.uow.tables.audit.at(-1)?.target).toEqual({ type: 'membership', id: added.membership.id });
    expect([...deps.uow.tables.passwordLinks.values()].some((l) => l.userId === added.user.id)).toBe(true);

    // An existing user is a transaction that reads, not a batch.
    await add({ email: 'batched@acme.test', role: 'member' });
    expect(batches).toHaveLength(1);
  });

  it('a new login’s batch only inserts: it has no older set-password links to cancel', async () => {
    const writesMade: string[] = [];
    const batch = deps.uow.batch.bind(deps.uow);
    deps.uow.batch = (work) =>
      batch((writes) =>
        work(
          new Proxy(writes, {
            get: (target, repository) =>
              new Proxy(Reflect.get(target, repository) as object, {
                get: (repo, method) => {
                  writesMade.push(`${String(repository)}.${String(method)}`);
                  return Reflect.get(repo, method);
                },
              }),
          }),
        ),
      );
    await add({ email: 'inserts-only@acme.test', role: 'member' });
    expect(writesMade).toContain('passwordLinks.save');
    expect(writesMade).not.toContain('passwordLinks.cancelActiveForUser');
  });

  it('when another add creates the login between its read and its batch, the add finds it in a transaction', async () => {
    const findByEmail = deps.uow.read.users.findByEmail.bind(deps.uow.read.users);
    let raced = false;
    deps.uow.read.users.findByEmail = async (email) => {
      const found = await findByEmail(email);
      if (!raced && email === 'racer@acme.test') {
        raced = true;
        // The other request wins while this one is between its read and its write.
        await add({ email: 'racer@acme.test', role: 'member' });
      }
      return found;
    };
    const audited = deps.uow.tables.audit.length;
    const second = await add({ email: 'racer@acme.test', role: 'member' });
    expect(second.created).toBe(false);
    expect([...deps.uow.tables.users.values()].filter((u) => u.email === 'racer@acme.test')).toHaveLength(1);
    // Only the winner's membership.created: the loser's batch wrote nothing.
    expect(deps.uow.tables.audit.length - audited).toBe(1);
    expect(await failure(add({ email: 'racer@acme.test', role: 'admin' }))).toMatchObject({
      code: 'membership_role_conflict',
    });
  });

  it('is idempotent for the same role and 409 for another', async () => {
    const first = await add({ email: 'again@acme.test', role: 'member' });
    const sent = deps.mailer.sent.length;
    const second = await add({ email: 'again@acme.test', role: 'member' });
    expect(second.created).toBe(false);
    expect(second.membership).toEqual(first.membership);
    expect(second.email).toEqual({ email_sent: false, email_skipped_reason: 'not_requested' });
    expect(deps.mailer.sent).toHaveLength(sent);
    const other = await failure(add({ userId: first.user.id, role: 'admin' }));
    expect(other.code).toBe('membership_role_conflict');
  });

  it('rule 3 for a pending invitee: the same role with a password sets it and accepts the invitation', async () => {
    const invited = await add({ email: 'later@acme.test', role: 'member' });
    expect(invited.membership.status).toBe('pending');
    deps.mailer.result = 'sent';
    const again = await add({ email: 'later@acme.test', password: 'given secret', role: 'member' });
    expect(again.created).toBe(false);
    expect(again.membership).toMatchObject({ id: invited.membership.id, status: 'accepted', role: 'member' });
    expect(deps.uow.tables.memberships.get(invited.membership.id)?.status).toBe('accepted');
    expect(deps.uow.tables.users.get(invited.user.id)).toMatchObject({
      passwordHash: 'fake$given secret',
      passwordChangeRequired: true,
    });
    expect(again.email).toEqual({ email_sent: true, email_skipped_reason: null });
    expect(deps.mailer.last()?.template).toBe('invitation_details');
    expect(deps.uow.tables.audit.at(-1)).toMatchObject({
      action: 'membership.accepted',
      details: { via: 'email_password', password_set: true },
    });
    // Without a password, or once the user has one, the same role is the existing membership, unchanged.
    const third = await add({ email: 'later@acme.test', role: 'member' });
    expect(third).toMatchObject({ created: false, email: { email_skipped_reason: 'not_requested' } });
    expect(
      (await failure(add({ email: 'later@acme.test', password: 'other secret', role: 'admin' }))).code,
    ).toBe('membership_role_conflict');
  });

  it('an expired membership is replaced when the user is added again, whatever the role', async () => {
    const expiresAt = new Date(deps.clock.now().getTime() + 60_000).toISOString();
    const first = await add({
      email: 'temp@acme.test',
      password: 'initial secret',
      role: 'admin',
      expiresAt,
    });
    // Before expiry it is still held: rule 6 applies.
    expect((await failure(add({ userId: first.user.id, role: 'member' }))).code).toBe(
      'membership_role_conflict',
    );
    deps.clock.advance(61);
    const again = await add({ userId: first.user.id, role: 'member' });
    expect(again.created).toBe(true);
    expect(again.membership).toMatchObject({ role: 'member', status: 'accepted', expiresAt: null });
    expect(again.membership.id).not.toBe(first.membership.id);
    expect(deps.uow.tables.memberships.has(first.membership.id)).toBe(false);
    expect(deps.uow.tables.audit.at(-1)).toMatchObject({
      action: 'membership.created',
      details: { replaced_expired_membership_id: first.membership.id },
    });
  });

  it('an expired invitation is no longer listed and cannot be accepted; it can be rejected', async () => {
    const expiresAt = new Date(deps.clock.now().getTime() + 60_000).toISOString();
    const invited = await add({ email: 'late@acme.test', role: 'writer', expiresAt });
    const me = invited.user.id;
    const input = { userId: me, membershipId: invited.membership.id, context: ctx(me) };
    expect(await uc.memberships.listPendingInvitations.execute({ userId: me })).toHaveLength(1);
    deps.clock.advance(61);
    expect(await uc.memberships.listPendingInvitations.execute({ userId: me })).toEqual([]);
    expect((await failure(uc.memberships.accept.execute(input))).code).toBe('invitation_not_found');
    await uc.memberships.reject.execute(input);
    expect(deps.uow.tables.memberships.has(invited.membership.id)).toBe(false);
  });

  it('maps each mail result to the email outcome fields', async () => {
    const cases = [
      ['failed', { email_sent: false, email_skipped_reason: 'send_failed' }],
      ['unconfirmed', { email_sent: null, email_skipped_reason: 'delivery_unconfirmed' }],
      ['not_configured', { email_sent: false, email_skipped_reason: 'smtp_not_configured' }],
    ] as const;
    for (const [result, outcome] of cases) {
      deps.mailer.result = result;
      const added = await add({ email: `${result}@acme.test`, role: 'member' });
      expect(added.email).toEqual(outcome);
      expect(deps.uow.tables.users.get(added.user.id)?.welcomeEmailSentAt).toBeNull();
    }
  });

  it('accept: 404 for anyone else, one 200 and one 409 when accepted twice at once', async () => {
    const invited = await add({ email: 'inv@acme.test', role: 'member' });
    const stranger = await failure(
      uc.memberships.accept.execute({
        userId: ownerId,
        membershipId: invited.membership.id,
        context: ctx(ownerId),
      }),
    );
    expect(stranger.code).toBe('invitation_not_found');
    const me = invited.user.id;
    // The invitee signs in after choosing a password through the emailed link.
    await uc.redeemPasswordLink.execute({ token: linkToken(deps), password: 'chosen secret', ip: null });
    const answer = () =>
      uc.memberships.accept
        .execute({ userId: me, membershipId: invited.membership.id, context: ctx(me) })
        .then(
          (r) => r.status,
          (e: DomainError) => e.code,
        );
    expect((await Promise.all([answer(), answer()])).sort()).toEqual([
      'accepted',
      'membership_already_accepted',
    ]);
    expect(await answer()).toBe('invitation_not_found');
    expect(actions().filter((a) => a === 'membership.accepted')).toHaveLength(1);
  });

  it('reject of an invitation accepted at the same moment is 404, not 409 (only accept is 409)', async () => {
    const invited = await add({ email: 'both@acme.test', role: 'member' });
    const me = invited.user.id;
    await uc.redeemPasswordLink.execute({ token: linkToken(deps), password: 'chosen secret', ip: null });
    const outcome = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: DomainError) => e.code,
      );
    const input = { userId: me, membershipId: invited.membership.id, context: ctx(me) };
    // Both look before either locks: the reject finds the row accepted under its lock.
    const [accepted, rejected] = await Promise.all([
      outcome(uc.memberships.accept.execute(input)),
      outcome(uc.memberships.reject.execute(input)),
    ]);
    expect(accepted).toBe('ok');
    expect(rejected).toBe('invitation_not_found');
    expect(deps.uow.tables.memberships.get(invited.membership.id)?.status).toBe('accepted');
  });

  it('reject deletes the invitation and keeps the login', async () => {
    const invited = await add({ email: 'no@acme.test', role: 'member' });
    const me = invited.user.id;
    await uc.memberships.reject.execute({
      userId: me,
      membershipId: invited.membership.id,
      context: ctx(me),
    });
    expect(deps.uow.tables.memberships.has(invited.membership.id)).toBe(false);
    expect(deps.uow.tables.users.has(me)).toBe(true);
    expect(actions().at(-1)).toBe('membership.rejected');
  });

  it('the last owner cannot demote themselves; with a second owner they can', async () => {
    const own = deps.uow.tables.memberships.values().next().value;
    if (!own) throw new Error('no owner membership');
    const demote = () =>
      uc.memberships.changeRole.execute({
        userId: ownerId,
        membershipId: own.id,
        role: 'admin',
        context: ctx(ownerId),
      });
    expect((await failure(demote())).code).toBe('last_owner');
    const second = await add({ email: 'second@acme.test', password: 'second secret', role: 'owner' });
    expect(second.membership.role).toBe('owner');
    const changed = await demote();
    expect(changed.membership.role).toBe('admin');
    expect(deps.uow.tables.audit.at(-1)).toMatchObject({
      action: 'membership.role_changed',
      details: { from: 'owner', to: 'admin' },
    });
  });

  it('the last owner cannot leave (409 last_owner); with a second owner they can', async () => {
    const own = deps.uow.tables.memberships.values().next().value;
    if (!own) throw new Error('no owner membership');
    const remove = () =>
      uc.memberships.remove.execute({ userId: ownerId, membershipId: own.id, context: ctx(ownerId) });
    expect(await failure(remove())).toMatchObject({ kind: 'conflict', code: 'last_owner' });
    expect(deps.uow.tables.memberships.has(own.id)).toBe(true);
    await add({ email: 'second-owner@acme.test', password: 'second secret', role: 'owner' });
    await remove();
    expect(deps.uow.tables.memberships.has(own.id)).toBe(false);
    expect(deps.uow.tables.audit.at(-1)).toMatchObject({
      action: 'membership.left',
      actor: { kind: 'user', id: ownerId },
      details: { user_id: ownerId, role: 'owner' },
    });
  });

  it('any member may leave without manage_members; removing someone else still needs it', async () => {
    const member = await add({ email: 'leaver@acme.test', password: 'leaver secret', role: 'member' });
    const colleague = await add({ email: 'stays@acme.test', password: 'stays secret', role: 'member' });
    const me = member.user.id;
    const removeOther = await failure(
      uc.memberships.remove.execute({ userId: me, membershipId: colleague.membership.id, context: ctx(me) }),
    );
    expect(removeOther).toMatchObject({ kind: 'forbidden', code: 'permission_denied' });
    await uc.memberships.remove.execute({ userId: me, membershipId: member.membership.id, context: ctx(me) });
    expect(deps.uow.tables.memberships.has(member.membership.id)).toBe(false);
    expect(deps.uow.tables.memberships.has(colleague.membership.id)).toBe(true);
    expect(actions().at(-1)).toBe('membership.left');
  });

  it('reset-password issues a new link that cancels the older one', async () => {
    const invited = await add({ email: 'reset@acme.test', role: 'member' });
    const outcome = await uc.memberships.resetPassword.execute({
      userId: ownerId,
      membershipId: invited.membership.id,
      context: ctx(ownerId),
    });
    expect(outcome).toEqual({ email_sent: true, email_skipped_reason: null });
    const links = [...deps.uow.tables.passwordLinks.values()].filter((l) => l.userId === invited.user.id);
    expect(links.map((l) => l.cancelledAt === null)).toEqual([false, true]);
    expect(actions().at(-1)).toBe('membership.password_reset_sent');
  });

  it('lists the invitee their pending invitations with scope and inviter names', async () => {
    const invited = await add({ email: 'list@acme.test', role: 'writer' });
    const list = await uc.memberships.listPendingInvitations.execute({ userId: invited.user.id });
    expect(list).toEqual([
      {
        membershipId: invited.membership.id,
        scopeType: 'account',
        scopeId: orgId,
        scopeName: 'Acme',
        role: 'writer',
        inviterName: 'owner@acme.test',
        createdAt: deps.clock.now(),
      },
    ]);
  });
});

describe('expires_at (spec: POST members, ISO 8601 expiry)', () => {
  const now = new Date('2026-11-26T00:00:00Z');

  it('takes a date or a date-time with a zone, a leap day included', () => {
    expect(requireExpiresAt('2096-02-29', now).toISOString()).toBe('2096-02-29T00:00:00.000Z');
    expect(requireExpiresAt('2099-12-31T23:59:59+01:00', now).toISOString()).toBe('2099-12-31T22:59:59.000Z');
  });

  it.each(['2099-02-30', '2099-02-29', '2099-04-31T10:00:00Z', '2099-00-10', '2099-06-00'])(
    'refuses %s, a day that does not exist, instead of rolling it over (422)',
    (value) => {
      expect(() => requireExpiresAt(value, now)).toThrow(
        expect.objectContaining({ code: 'invalid_expires_at' }),
      );
    },
  );
});
