import { type FakeDeps, fakeDeps } from '@groundfloor/testkit';
import { createUseCases, type DomainError, type UseCases } from '../src';

/*
 * The account-ownership invariant (docs/security.md): a grant addressed to an
 * email reaches only someone who controls that mailbox, or who chose the
 * account's password through a link sent to it. Cases (a), (b) and (c) are
 * the three takeovers the security review reproduced.
 */

const ctx = (userId: string) => ({ actor: { kind: 'user' as const, id: userId }, ip: null });

const failure = async (p: Promise<unknown>): Promise<DomainError> => {
  try {
    await p;
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected a failure');
};

let deps: FakeDeps;
let uc: UseCases;

beforeEach(() => {
  deps = fakeDeps();
  uc = createUseCases(deps);
});

type AddBody = Parameters<UseCases['memberships']['add']['execute']>[0]['body'];

/** An organization whose owner chose a password (the operator set it). */
async function organization(name: string) {
  const created = await uc.operator.createOrganization.execute({
    name,
    planTier: 'free',
    ownerEmail: `owner@${name.toLowerCase()}.test`,
    ownerPassword: `${name} owner password`,
    ip: null,
  });
  const ownerId = created.ownerMembership.userId;
  const add = (body: AddBody) =>
    uc.memberships.add.execute({
      userId: ownerId,
      scopeType: 'account',
      scopeId: created.organization.id,
      body,
      context: ctx(ownerId),
    });
  return { id: created.organization.id, ownerId, add };
}

const userByEmail = (email: string) => [...deps.uow.tables.users.values()].find((u) => u.email === email);

/** What the store holds that a refused request must not have changed. */
const snapshot = () =>
  JSON.stringify({
    users: [...deps.uow.tables.users.values()],
    memberships: [...deps.uow.tables.memberships.values()],
    links: [...deps.uow.tables.passwordLinks.values()],
    audit: deps.uow.tables.audit.length,
    mail: deps.mailer.sent.length,
  });

/** The token of the newest link emailed to `email`. */
function linkTokenFor(email: string): string {
  const mail = [...deps.mailer.sent].reverse().find((m) => m.to === email);
  const token = /#token=(\S+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no link was emailed to ${email}`);
  return token;
}

const accept = (userId: string, membershipId: string) =>
  uc.memberships.accept.execute({ userId, membershipId, context: ctx(userId) });

describe('(a) a login another organization invited', () => {
  it('cannot be given a password by a second organization: 409, nothing changes, no email', async () => {
    const a = await organization('Alpha');
    const b = await organization('Bravo');
    const invited = await a.add({ email: 'victim@corp.test', role: 'admin' });
    expect(invited.membership.status).toBe('pending');
    const before = snapshot();

    const refused = await failure(
      b.add({
        email: 'victim@corp.test',
        password: 'chosen by bravo',
        temporaryPassword: false,
        role: 'member',
      }),
    );

    expect(refused).toMatchObject({ kind: 'conflict', code: 'account_managed_elsewhere' });
    expect(snapshot()).toBe(before);
    expect(userByEmail('victim@corp.test')?.passwordHash).toBeNull();
  });

  it('can still be invited by the second organization without a password (a link to the mailbox)', async () => {
    const a = await organization('Alpha');
    const b = await organization('Bravo');
    await a.add({ email: 'victim@corp.test', role: 'admin' });
    const invited = await b.add({ email: 'victim@corp.test', role: 'member' });
    expect(invited.membership.status).toBe('pending');
    expect(deps.mailer.last()).toMatchObject({ to: 'victim@corp.test', template: 'set_password' });
  });

  it('counts an invitation to one of the other organization’s workspaces too', async () => {
    const a = await organization('Alpha');
    const b = await organization('Bravo');
    const workspace = await uc.createWorkspace.execute({
      userId: a.ownerId,
      organizationId: a.id,
      name: 'Alpha prod',
      context: ctx(a.ownerId),
    });
    await uc.memberships.add.execute({
      userId: a.ownerId,
      scopeType: 'workspace',
      scopeId: workspace.id,
      body: { email: 'victim@corp.test', role: 'writer' },
      context: ctx(a.ownerId),
    });
    const refused = await failure(
      b.add({ email: 'victim@corp.test', password: 'chosen by bravo', role: 'member' }),
    );
    expect(refused.code).toBe('account_managed_elsewhere');
  });

  it('within one organization, rule 3 still sets the password of its own invitee', async () => {
    const b = await organization('Bravo');
    await b.add({ email: 'new@corp.test', role: 'member' });
    const again = await b.add({ email: 'new@corp.test', password: 'given by bravo', role: 'member' });
    expect(again.membership.status).toBe('accepted');
    expect(userByEmail('new@corp.test')).toMatchObject({
      passwordHash: 'fake$given by bravo',
      passwordSetByOrganizationId: b.id,
      emailVerified: false,
    });
  });
});

describe('(b) a pending owner the operator invited', () => {
  it('cannot be given a password by another organization', async () => {
    const b = await organization('Bravo');
    await uc.operator.createOrganization.execute({
      name: 'Charlie',
      planTier: 'free',
      ownerEmail: 'founder@charlie.test',
      ip: null,
    });
    const before = snapshot();
    const refused = await failure(
      b.add({ email: 'founder@charlie.test', password: 'chosen by bravo', role: 'member' }),
    );
    expect(refused).toMatchObject({ kind: 'conflict', code: 'account_managed_elsewhere' });
    expect(snapshot()).toBe(before);
  });
});

describe('(c) an account whose password another organization set', () => {
  async function registeredByBravo() {
    const b = await organization('Bravo');
    const added = await b.add({
      email: 'cfo@corp.test',
      password: 'chosen by bravo',
      temporaryPassword: false,
      sendEmail: false,
      role: 'member',
    });
    return { b, cfoId: added.user.id };
  }

  it('gets an operator grant as a pending invitation and a link to the mailbox, not the organization', async () => {
    const { cfoId } = await registeredByBravo();
    const created = await uc.operator.createOrganization.execute({
      name: 'Delta',
      planTier: 'free',
      ownerEmail: 'cfo@corp.test',
      ip: null,
    });
    expect(created.ownerMembership).toMatchObject({ userId: cfoId, status: 'pending' });
    const mail = deps.mailer.last();
    expect(mail).toMatchObject({ to: 'cfo@corp.test', template: 'set_password' });
    expect(mail?.text).toContain('confirm that this address is yours');
    // Whoever knows Bravo's password cannot accept it.
    const refused = await failure(accept(cfoId, created.ownerMembership.id));
    expect(refused).toMatchObject({ kind: 'forbidden', code: 'email_not_verified' });
    expect(deps.uow.tables.memberships.get(created.ownerMembership.id)?.status).toBe('pending');
  });

  it('gets another organization’s grant, by email or by user_id, as a pending invitation', async () => {
    const { cfoId } = await registeredByBravo();
    const a = await organization('Alpha');
    const byEmail = await a.add({ email: 'cfo@corp.test', role: 'admin' });
    expect(byEmail.membership.status).toBe('pending');
    expect(deps.mailer.last()?.template).toBe('set_password');
    expect((await failure(accept(cfoId, byEmail.membership.id))).code).toBe('email_not_verified');

    const e = await organization('Echo');
    const byId = await e.add({ userId: cfoId, role: 'writer' });
    expect(byId.membership.status).toBe('pending');
    expect(deps.mailer.last()).toMatchObject({ to: 'cfo@corp.test', template: 'set_password' });
  });

  it('is the person’s once they choose a password through the emailed link: other sessions end, accept works', async () => {
    const { cfoId } = await registeredByBravo();
    const a = await organization('Alpha');
    const bravoSession = await uc.signIn.execute({
      email: 'cfo@corp.test',
      password: 'chosen by bravo',
      ip: null,
    });
    const invited = await a.add({ email: 'cfo@corp.test', role: 'admin' });

    await uc.redeemPasswordLink.execute({
      token: linkTokenFor('cfo@corp.test'),
      password: 'chosen by the cfo',
      ip: null,
    });

    expect(userByEmail('cfo@corp.test')).toMatchObject({
      passwordHash: 'fake$chosen by the cfo',
      emailVerified: true,
      passwordSetByOrganizationId: null,
    });
    // Bravo's password and session no longer work.
    expect(
      await failure(uc.signIn.execute({ email: 'cfo@corp.test', password: 'chosen by bravo', ip: null })),
    ).toMatchObject({
      code: 'invalid_credentials',
    });
    expect(await failure(uc.authenticateCaller.execute(bravoSession.access_token))).toMatchObject({
      kind: 'unauthenticated',
    });
    expect(await accept(cfoId, invited.membership.id)).toEqual({ status: 'accepted' });
  });

  it('is trusted at once by the organization that set the password', async () => {
    const { b, cfoId } = await registeredByBravo();
    const workspace = await uc.createWorkspace.execute({
      userId: b.ownerId,
      organizationId: b.id,
      name: 'Bravo prod',
      context: ctx(b.ownerId),
    });
    const added = await uc.memberships.add.execute({
      userId: b.ownerId,
      scopeType: 'workspace',
      scopeId: workspace.id,
      body: { userId: cfoId, role: 'writer' },
      context: ctx(b.ownerId),
    });
    expect(added.membership.status).toBe('accepted');
  });
});

describe('proven accounts', () => {
  it('an owner whose password the operator set is trusted by every organization', async () => {
    const a = await organization('Alpha');
    const b = await organization('Bravo');
    const added = await b.add({ email: 'owner@alpha.test', role: 'member' });
    expect(added.membership.status).toBe('accepted');
    expect(added.user.id).toBe(a.ownerId);
    expect(deps.mailer.last()?.template).toBe('invitation_details');
  });

  it('an invitee who chose their password through the link is trusted by every organization', async () => {
    const a = await organization('Alpha');
    const b = await organization('Bravo');
    const invited = await a.add({ email: 'dev@corp.test', role: 'writer' });
    await uc.redeemPasswordLink.execute({
      token: linkTokenFor('dev@corp.test'),
      password: 'my own secret',
      ip: null,
    });
    expect(await accept(invited.user.id, invited.membership.id)).toEqual({ status: 'accepted' });
    const added = await b.add({ email: 'dev@corp.test', role: 'member' });
    expect(added.membership.status).toBe('accepted');
  });
});

describe('authorization comes before any password hashing', () => {
  it('a caller without manage_members is refused and no hash is computed', async () => {
    const a = await organization('Alpha');
    const member = await a.add({ email: 'plain@alpha.test', password: 'plain member pw', role: 'member' });
    const hash = jest.spyOn(deps.hasher, 'hash');
    const refused = await failure(
      uc.memberships.add.execute({
        userId: member.user.id,
        scopeType: 'account',
        scopeId: a.id,
        body: { email: 'someone@else.test', password: 'a fine password', role: 'member' },
        context: ctx(member.user.id),
      }),
    );
    expect(refused).toMatchObject({ kind: 'forbidden', code: 'permission_denied' });
    expect(hash).not.toHaveBeenCalled();
  });

  it('a grant above the caller’s ceiling is refused before hashing too', async () => {
    const a = await organization('Alpha');
    const admin = await a.add({ email: 'admin@alpha.test', password: 'admin member pw', role: 'admin' });
    const hash = jest.spyOn(deps.hasher, 'hash');
    const refused = await failure(
      uc.memberships.add.execute({
        userId: admin.user.id,
        scopeType: 'account',
        scopeId: a.id,
        body: { email: 'boss@else.test', password: 'a fine password', role: 'owner' },
        context: ctx(admin.user.id),
      }),
    );
    expect(refused.kind).toBe('forbidden');
    expect(hash).not.toHaveBeenCalled();
  });
});
