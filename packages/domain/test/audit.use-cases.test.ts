import { fakeDeps } from '@groundfloor/testkit';
import { createUseCases } from '../src';

describe('account events: what an organization sees, what the person sees', () => {
  async function setup() {
    const deps = fakeDeps();
    const uc = createUseCases(deps);
    const created = await uc.operator.createOrganization.execute({
      name: 'Acme',
      planTier: 'free',
      ownerEmail: 'owner@acme.test',
      ownerPassword: 'owner password',
      ip: null,
    });
    const ownerId = created.ownerMembership.userId;
    const added = await uc.memberships.add.execute({
      userId: ownerId,
      scopeType: 'account',
      scopeId: created.organization.id,
      body: {
        email: 'member@acme.test',
        password: 'member password',
        temporaryPassword: false,
        role: 'member',
      },
      context: { actor: { kind: 'user', id: ownerId }, ip: '192.0.2.1' },
    });
    deps.clock.advance(1);
    await uc.signIn.execute({ email: 'member@acme.test', password: 'member password', ip: '198.51.100.23' });
    return { uc, organizationId: created.organization.id, ownerId, memberId: added.user.id };
  }

  it("shows the organization a member's sign-in without the address or the session", async () => {
    const { uc, organizationId, ownerId, memberId } = await setup();
    const page = await uc.listAuditEvents.execute({
      userId: ownerId,
      scope: { type: 'organization', id: organizationId },
    });
    const signIn = page.events.find((e) => e.action === 'auth.signed_in');
    expect(signIn).toMatchObject({ actor: { kind: 'user', id: memberId }, ip: null, details: {} });
    // Events inside the organization keep the acting member's address.
    const created = page.events.find((e) => e.action === 'membership.created' && e.actor.id === ownerId);
    expect(created?.ip).toBe('192.0.2.1');
  });

  it('shows the person their own sign-ins in full, and nobody else’s', async () => {
    const { uc, memberId, ownerId } = await setup();
    const mine = await uc.listMyAccountEvents.execute({ userId: memberId });
    expect(mine.events).toHaveLength(1);
    expect(mine.events[0]).toMatchObject({
      action: 'auth.signed_in',
      ip: '198.51.100.23',
      details: { session_id: expect.any(String) },
    });
    expect((await uc.listMyAccountEvents.execute({ userId: ownerId })).events).toEqual([]);
  });

  it('pages the person’s history with the audit cursor and limit rules', async () => {
    const { uc, memberId } = await setup();
    await uc.signIn.execute({ email: 'member@acme.test', password: 'member password', ip: '198.51.100.24' });
    const first = await uc.listMyAccountEvents.execute({ userId: memberId, limit: 1 });
    expect(first.events[0]?.ip).toBe('198.51.100.24');
    expect(first.nextCursor).not.toBeNull();
    const second = await uc.listMyAccountEvents.execute({
      userId: memberId,
      limit: 1,
      before: first.nextCursor ?? '',
    });
    expect(second.events[0]?.ip).toBe('198.51.100.23');
    expect(second.nextCursor).toBeNull();
    await expect(uc.listMyAccountEvents.execute({ userId: memberId, limit: 0 })).rejects.toMatchObject({
      code: 'invalid_limit',
    });
  });
});
