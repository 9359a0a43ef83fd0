import { type FakeDeps, fakeDeps } from '@groundfloor/testkit';
import { createUseCases, type Membership, type Role } from '../src';

const ctx = (userId: string, ip: string | null = null) => ({
  actor: { kind: 'user' as const, id: userId },
  ip,
});

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
  return { deps, uc, orgId: created.organization.id, ownerId: created.ownerMembership.userId };
}

async function addMember(deps: FakeDeps, orgId: string, role: Role) {
  const userId = deps.ids.next();
  const membershipId = deps.ids.next();
  await deps.uow.transaction(async (tx) => {
    await tx.users.save({
      id: userId,
      email: `${userId}@acme.test`,
      displayName: `Member ${role}`,
      passwordHash: null,
      passwordChangeRequired: false,
      emailVerified: false,
      passwordSetByOrganizationId: null,
      createdAt: deps.clock.now(),
      lastLoginAt: null,
      welcomeEmailSentAt: null,
      idpRealm: null,
    });
    const m: Membership = {
      id: membershipId,
      userId,
      scopeType: 'account',
      scopeId: orgId,
      role,
      status: 'accepted',
      createdAt: deps.clock.now(),
      expiresAt: null,
      invitedByUserId: null,
    };
    await tx.memberships.save(m);
  });
  return { userId, membershipId };
}

const body = (over: Record<string, unknown> = {}) => ({
  subject: 'Cannot deploy',
  category: 'technical',
  description: 'The deploy button does nothing.',
  ...over,
});

describe('support use cases', () => {
  it('create opens a ticket, emails only the number and a link, and audits without ticket text', async () => {
    const { deps, uc, orgId, ownerId } = await setup();
    const created = await uc.support.create.execute({
      userId: ownerId,
      organizationId: orgId,
      ...body({ subject: 'Secret project Falcon', description: 'Falcon launch is broken' }),
      request: ctx(ownerId),
    });
    expect(created.ticket).toMatchObject({ status: 'open', priority: 'normal', number: 1001 });
    expect(created.messages.map((m) => [m.authorKind, m.body])).toEqual([
      ['customer', 'Falcon launch is broken'],
    ]);
    expect(created.warnings).toEqual([]);
    const mail = deps.mailer.last();
    expect(mail?.to).toBe('owner@acme.test');
    expect(mail?.text).toContain(`\nhttp://control.test/support/tickets/${created.ticket.id}\n`);
    expect(mail?.text).toContain('#1001');
    expect(`${mail?.subject} ${mail?.text}`).not.toMatch(/Falcon/);
    const audit = deps.uow.tables.audit.filter((e) => e.action.startsWith('ticket.'));
    expect(audit.map((e) => e.action)).toEqual(['ticket.created']);
    expect(JSON.stringify(audit)).not.toMatch(/Falcon/);
  });

  it('warns about possible secrets and saves the ticket anyway', async () => {
    const { uc, orgId, ownerId } = await setup();
    const created = await uc.support.create.execute({
      userId: ownerId,
      organizationId: orgId,
      ...body({ context: { error_text: 'AKIAIOSFODNN7EXAMPLE rejected' } }),
      request: ctx(ownerId),
    });
    expect(created.warnings).toEqual(['possible_secret']);
    const reply = await uc.support.reply.execute({
      userId: ownerId,
      organizationId: orgId,
      ticketId: created.ticket.id,
      body: 'here: password=Tr0ub4dor&3',
      request: ctx(ownerId),
    });
    expect(reply.warnings).toEqual(['possible_secret']);
    expect(reply.messages).toHaveLength(2);
  });

  it('a reply that would reopen past 25 unresolved tickets is 429 and writes nothing', async () => {
    const { deps, uc, orgId, ownerId } = await setup();
    const open = async (userId: string) =>
      uc.support.create.execute({ userId, organizationId: orgId, ...body(), request: ctx(userId) });
    const first = await open(ownerId);
    await uc.support.resolve.execute({
      userId: ownerId,
      organizationId: orgId,
      ticketId: first.ticket.id,
      request: ctx(ownerId),
    });
    // 25 unresolved tickets from 5 people (5 each), past the per-organization 24-hour limit by moving the clock.
    for (let person = 0; person < 5; person++) {
      const { userId } = await addMember(deps, orgId, 'member');
      for (let i = 0; i < 5; i++) await open(userId);
      deps.clock.advance(24 * 3600);
    }
    await expect(open(ownerId)).rejects.toMatchObject({ code: 'support_rate_limited', kind: 'rate_limited' });
    const before = deps.uow.tables.ticketMessages.size;
    await expect(
      uc.support.reply.execute({
        userId: ownerId,
        organizationId: orgId,
        ticketId: first.ticket.id,
        body: 'again',
        request: ctx(ownerId),
      }),
    ).rejects.toMatchObject({
      code: 'support_rate_limited',
      detail: expect.stringContaining('25 unresolved'),
    });
    expect(deps.uow.tables.ticketMessages.size).toBe(before);
    expect(deps.uow.tables.tickets.get(first.ticket.id)?.status).toBe('resolved');
  });

  it('a create refused by the unresolved ceiling takes no place in the per-person limit', async () => {
    const { deps, uc, orgId } = await setup();
    const open = (userId: string) =>
      uc.support.create.execute({
        userId,
        organizationId: orgId,
        ...body(),
        request: ctx(userId, '192.0.2.7'),
      });
    for (let person = 0; person < 5; person++) {
      const { userId } = await addMember(deps, orgId, 'member');
      for (let i = 0; i < 5; i++) await open(userId);
      deps.clock.advance(24 * 3600);
    }
    // At 25 unresolved tickets, a newcomer is refused five times over...
    const { userId: newcomer } = await addMember(deps, orgId, 'member');
    for (let i = 0; i < 5; i++) {
      await expect(open(newcomer)).rejects.toMatchObject({
        detail: expect.stringContaining('25 unresolved'),
      });
    }
    // ...and once one ticket is closed, still has all five new tickets of the hour.
    const [someTicket] = [...deps.uow.tables.tickets.values()];
    if (!someTicket) throw new Error('no ticket');
    someTicket.status = 'closed';
    await expect(open(newcomer)).resolves.toMatchObject({ ticket: { status: 'open' } });
  });

  it('two creates racing for the last place of the hour: one ticket, one 429', async () => {
    const { deps, uc, orgId } = await setup();
    const { userId } = await addMember(deps, orgId, 'member');
    const open = () =>
      uc.support.create.execute({ userId, organizationId: orgId, ...body(), request: ctx(userId) }).then(
        () => 'created',
        (e: { code: string }) => e.code,
      );
    for (let i = 0; i < 4; i++) await open();
    expect((await Promise.all([open(), open()])).sort()).toEqual(['created', 'support_rate_limited']);
    expect([...deps.uow.tables.tickets.values()].filter((t) => t.requesterUserId === userId)).toHaveLength(5);
  });

  it('operator emails go to the opener, or to the Owners once the opener has left', async () => {
    const { deps, uc, orgId } = await setup();
    const member = await addMember(deps, orgId, 'member');
    const created = await uc.support.create.execute({
      userId: member.userId,
      organizationId: orgId,
      ...body(),
      request: ctx(member.userId),
    });
    await uc.operatorSupport.reply.execute({
      ticketId: created.ticket.id,
      body: 'Looking into it',
      ip: null,
    });
    expect(deps.mailer.last()).toMatchObject({
      to: `${member.userId}@acme.test`,
      template: 'ticket_operator_replied',
    });
    await deps.uow.transaction((tx) => tx.memberships.delete(member.membershipId));
    const resolved = await uc.operatorSupport.resolve.execute({ ticketId: created.ticket.id, ip: null });
    expect(resolved.ticket.status).toBe('resolved');
    expect(deps.mailer.last()).toMatchObject({ to: 'owner@acme.test', template: 'ticket_operator_resolved' });
    expect(deps.mailer.last()?.text).not.toContain('Looking into it');
  });

  it('audits every change in its transaction, naming ids and states but never the text', async () => {
    const { deps, uc, orgId, ownerId } = await setup();
    const actor = ctx(ownerId, '203.0.113.9');
    const common = { userId: ownerId, organizationId: orgId, request: actor };
    const { ticket } = await uc.support.create.execute({
      ...common,
      ...body({ subject: 'Zebra', description: 'Zebra text' }),
    });
    const ticketId = ticket.id;
    await uc.support.reply.execute({ ...common, ticketId, body: 'Zebra reply' });
    await uc.operatorSupport.reply.execute({ ticketId, body: 'Zebra answer', ip: null });
    await uc.operatorSupport.resolve.execute({ ticketId, ip: null });
    await uc.support.reply.execute({ ...common, ticketId, body: 'Zebra again' });
    await uc.operatorSupport.changePriority.execute({ ticketId, priority: 'high', ip: null });
    await uc.operatorSupport.redact.execute({ ticketId, subject: true, ip: null });
    await uc.support.resolve.execute({ ...common, ticketId });
    await uc.support.resolve.execute({ ...common, ticketId });
    await uc.support.close.execute({ ...common, ticketId });
    await uc.support.close.execute({ ...common, ticketId });
    const events = deps.uow.tables.audit.filter((e) => e.target.type === 'support_ticket');
    expect(events.map((e) => [e.action, e.actor.kind])).toEqual([
      ['ticket.created', 'user'],
      ['ticket.replied', 'user'],
      ['ticket.replied', 'operator'],
      ['ticket.resolved', 'operator'],
      ['ticket.replied', 'user'],
      ['ticket.priority_changed', 'operator'],
      ['ticket.redacted', 'operator'],
      ['ticket.resolved', 'user'],
      ['ticket.closed', 'user'],
    ]);
    expect(events.every((e) => e.organizationId === orgId && e.target.id === ticketId)).toBe(true);
    // Supplement §10: one change, one event; the reopening reply says it reopened.
    expect(events[4]?.details).toMatchObject({
      from: 'resolved',
      to: 'waiting_on_groundfloor',
      reopened: true,
    });
    expect(events[1]?.details).not.toHaveProperty('reopened');
    expect(events[0]?.ip).toBe('203.0.113.9');
    expect(JSON.stringify(events)).not.toMatch(/Zebra/);
  });

  it('redaction overwrites the text with the marker and audits without it', async () => {
    const { deps, uc, orgId, ownerId } = await setup();
    const created = await uc.support.create.execute({
      userId: ownerId,
      organizationId: orgId,
      ...body({ subject: 'my card 4111 1111', description: 'card 4111 1111 1111 1111' }),
      request: ctx(ownerId),
    });
    const messageId = created.messages[0]?.id as string;
    await uc.operatorSupport.redact.execute({ ticketId: created.ticket.id, messageId, ip: null });
    const detail = await uc.operatorSupport.redact.execute({
      ticketId: created.ticket.id,
      subject: true,
      ip: null,
    });
    expect(detail.ticket.subject).toBe('[redacted by Groundfloor]');
    expect(detail.messages[0]).toMatchObject({ body: '[redacted by Groundfloor]', redacted: true });
    expect(
      JSON.stringify([...deps.uow.tables.tickets.values(), ...deps.uow.tables.ticketMessages.values()]),
    ).not.toContain('4111');
    expect(JSON.stringify(deps.uow.tables.audit)).not.toContain('4111');
  });
});

describe('the order of a ticket’s messages when requests race (the row lock decides it)', () => {
  it('a change takes its time once the ticket is locked, after the last change: the closure reads last', async () => {
    const { deps, uc, orgId, ownerId } = await setup();
    const common = { userId: ownerId, organizationId: orgId, request: ctx(ownerId) };
    const { ticket } = await uc.support.create.execute({ ...common, ...body() });
    // A reply that started later committed first: the ticket's last change is ahead of this request's clock.
    await uc.support.reply.execute({ ...common, ticketId: ticket.id, body: 'a reply' });
    const stored = deps.uow.tables.tickets.get(ticket.id);
    if (!stored) throw new Error('no ticket');
    const ahead = new Date(deps.clock.now().getTime() + 5_000);
    stored.updatedAt = ahead;
    for (const [id, m] of deps.uow.tables.ticketMessages)
      if (m.ticketId === ticket.id && m.body === 'a reply')
        deps.uow.tables.ticketMessages.set(id, { ...m, createdAt: ahead });
    const closed = await uc.support.close.execute({ ...common, ticketId: ticket.id });
    expect(closed.ticket.closedAt?.getTime()).toBe(ahead.getTime() + 1);
    expect(closed.messages.map((m) => m.authorKind)).toEqual(['customer', 'customer', 'system']);
    const times = closed.messages.map((m) => m.createdAt.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});
