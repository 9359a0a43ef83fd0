/// <reference types="jest" />
import type { Ticket, TicketMessage, UnitOfWork } from '@groundfloor/domain';
import { anOrganization, at, aUser, aWorkspace, newId } from '../contract-fixtures';
import { expectDuplicate } from '../expect-duplicate';

function aTicket(organizationId: string, requesterUserId: string, overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: newId(),
    number: 0,
    organizationId,
    workspaceId: null,
    subject: 'Help',
    subjectRedacted: false,
    category: 'technical',
    priority: 'normal',
    status: 'open',
    requesterUserId,
    requesterName: 'Ada',
    context: {},
    createdAt: at(0),
    updatedAt: at(0),
    resolvedAt: null,
    closedAt: null,
    lastCustomerActivityAt: at(0),
    lastOperatorActivityAt: null,
    operatorRepliedAt: null,
    ...overrides,
  };
}

function aMessage(ticketId: string, overrides: Partial<TicketMessage> = {}): TicketMessage {
  return {
    id: newId(),
    ticketId,
    authorKind: 'customer',
    authorUserId: null,
    authorName: 'Ada',
    body: 'text',
    redacted: false,
    createdAt: at(0),
    ...overrides,
  };
}

/** Support tickets and their messages. */
export function ticketCases(uow: () => UnitOfWork): void {
  describe('support tickets', () => {
    async function seeded() {
      const org = anOrganization();
      const user = aUser();
      const other = aUser();
      await uow().transaction(async (tx) => {
        await tx.organizations.save(org);
        await tx.users.save(user);
        await tx.users.save(other);
      });
      return { org, user, other };
    }
    const numbered = async (t: Ticket): Promise<Ticket> => ({
      ...t,
      number: await uow().transaction((tx) => tx.tickets.nextNumber()),
    });

    it('numbers increase and are never reused, even after a rollback', async () => {
      const first = await uow().transaction((tx) => tx.tickets.nextNumber());
      await expect(
        uow().transaction(async (tx) => {
          await tx.tickets.nextNumber();
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const third = await uow().transaction((tx) => tx.tickets.nextNumber());
      expect(Number.isInteger(first)).toBe(true);
      expect(third).toBeGreaterThan(first + 1);
    });

    it('round-trips every field, with and without a lock, and keeps numbers unique', async () => {
      const { org, user } = await seeded();
      const workspace = aWorkspace(org.id);
      await uow().transaction((tx) => tx.workspaces.save(workspace));
      const ticket = await numbered(
        aTicket(org.id, user.id, {
          workspaceId: workspace.id,
          subjectRedacted: true,
          category: 'security',
          priority: 'urgent',
          status: 'resolved',
          context: { page_path: '/x', error_code: 'E1' },
          createdAt: at(1.5),
          updatedAt: at(9),
          resolvedAt: at(9),
          closedAt: at(10),
          lastCustomerActivityAt: at(3),
          lastOperatorActivityAt: at(8),
          operatorRepliedAt: at(7),
        }),
      );
      await uow().transaction((tx) => tx.tickets.save(ticket));
      expect(await uow().read.tickets.findById(ticket.id)).toEqual(ticket);
      expect(await uow().transaction((tx) => tx.tickets.findByIdForUpdate(ticket.id))).toEqual(ticket);
      expect(await uow().read.tickets.findById(newId())).toBeNull();
      expect(await uow().read.tickets.findById('nope')).toBeNull();
      const changed = { ...ticket, status: 'closed' as const, priority: 'low' as const };
      await uow().transaction((tx) => tx.tickets.save(changed));
      expect(await uow().read.tickets.findById(ticket.id)).toEqual(changed);
      await expectDuplicate(
        uow().transaction((tx) => tx.tickets.save({ ...aTicket(org.id, user.id), number: ticket.number })),
      );
    });

    it('lists what the caller sees, filtered, most recently updated first, with the total', async () => {
      const { org, user, other } = await seeded();
      const mine = await numbered(aTicket(org.id, user.id, { category: 'security', updatedAt: at(1) }));
      const billing = await numbered(aTicket(org.id, other.id, { category: 'billing', updatedAt: at(3) }));
      const security = await numbered(aTicket(org.id, other.id, { category: 'security', updatedAt: at(2) }));
      const closed = await numbered(
        aTicket(org.id, other.id, { category: 'billing', status: 'closed', updatedAt: at(4) }),
      );
      const elsewhere = await numbered(aTicket((await seeded()).org.id, user.id));
      await uow().transaction(async (tx) => {
        for (const t of [mine, billing, security, closed, elsewhere]) await tx.tickets.save(t);
      });
      const list = (over: Partial<Parameters<UnitOfWork['read']['tickets']['listForOrganization']>[0]>) =>
        uow().read.tickets.listForOrganization({
          organizationId: org.id,
          visibleTo: { requesterUserId: user.id, categories: [] },
          statuses: [],
          categories: [],
          limit: 25,
          offset: 0,
          ...over,
        });
      const ids = (page: { items: Ticket[] }) => page.items.map((t) => t.id);
      expect(ids(await list({}))).toEqual([mine.id]);
      const billingAdmin = await list({ visibleTo: { requesterUserId: user.id, categories: ['billing'] } });
      expect(ids(billingAdmin)).toEqual([closed.id, billing.id, mine.id]);
      expect(billingAdmin.totalCount).toBe(3);
      const owner = {
        requesterUserId: user.id,
        categories: ['billing', 'technical', 'account', 'security', 'other'] as const,
      };
      expect(ids(await list({ visibleTo: owner, statuses: ['open'] }))).toEqual([
        billing.id,
        security.id,
        mine.id,
      ]);
      expect(ids(await list({ visibleTo: owner, categories: ['security'] }))).toEqual([security.id, mine.id]);
      const paged = await list({ visibleTo: owner, limit: 2, offset: 1 });
      expect(ids(paged)).toEqual([billing.id, security.id]);
      expect(paged.totalCount).toBe(4);
      expect(await uow().read.tickets.countUnresolved(org.id)).toBe(3);
    });

    it('keeps each filter’s total exact as tickets change status or category, and through a rollback', async () => {
      const { org, user, other } = await seeded();
      const a = await numbered(aTicket(org.id, user.id, { category: 'billing' }));
      const b = await numbered(aTicket(org.id, user.id, { category: 'billing' }));
      const c = await numbered(aTicket(org.id, other.id, { category: 'security' }));
      await uow().transaction(async (tx) => {
        for (const t of [a, b, c]) await tx.tickets.save(t);
      });
      const total = async (over: { statuses?: Ticket['status'][]; categories?: Ticket['category'][] }) =>
        (
          await uow().read.tickets.listForOrganization({
            organizationId: org.id,
            visibleTo: { requesterUserId: user.id, categories: ['security'] },
            statuses: over.statuses ?? [],
            categories: over.categories ?? [],
            limit: 1,
            offset: 0,
          })
        ).totalCount;
      expect(await total({})).toBe(3);
      expect(await total({ statuses: ['open'], categories: ['billing'] })).toBe(2);

      await uow().transaction((tx) => tx.tickets.save({ ...a, status: 'resolved' }));
      await uow().transaction((tx) => tx.tickets.save({ ...b, category: 'account' }));
      expect(await total({ statuses: ['open'], categories: ['billing'] })).toBe(0);
      expect(await total({ statuses: ['resolved'] })).toBe(1);
      expect(await total({ categories: ['account'] })).toBe(1);
      expect(await total({})).toBe(3);

      const abandoned = await numbered(aTicket(org.id, user.id));
      await expect(
        uow().transaction(async (tx) => {
          await tx.tickets.save({ ...c, status: 'closed' });
          await tx.tickets.save(abandoned);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await total({ statuses: ['closed'] })).toBe(0);
      expect(await total({})).toBe(3);
    });

    it('the queue is oldest waiting first, across organizations or for one', async () => {
      const { org, user } = await seeded();
      const second = await seeded();
      const newer = await numbered(aTicket(org.id, user.id, { lastCustomerActivityAt: at(50) }));
      const older = await numbered(
        aTicket(second.org.id, second.user.id, { lastCustomerActivityAt: at(40) }),
      );
      const waiting = await numbered(
        aTicket(org.id, user.id, {
          status: 'waiting_on_customer',
          category: 'billing',
          lastCustomerActivityAt: at(1),
        }),
      );
      await uow().transaction(async (tx) => {
        for (const t of [newer, older, waiting]) await tx.tickets.save(t);
      });
      const mineOnly = (page: { items: Ticket[] }) =>
        page.items.map((t) => t.id).filter((id) => [newer.id, older.id, waiting.id].includes(id));
      const all = await uow().read.tickets.listQueue({ statuses: ['open'], limit: 100, offset: 0 });
      expect(mineOnly(all)).toEqual([older.id, newer.id]);
      const one = await uow().read.tickets.listQueue({
        statuses: [],
        organizationId: org.id,
        limit: 100,
        offset: 0,
      });
      expect(mineOnly(one)).toEqual([waiting.id, newer.id]);
      expect(one.totalCount).toBe(2);
      const billing = await uow().read.tickets.listQueue({
        statuses: [],
        categories: ['billing', 'security'],
        organizationId: org.id,
        limit: 100,
        offset: 0,
      });
      expect(mineOnly(billing)).toEqual([waiting.id]);
    });

    it('messages are stored, updated and listed oldest first', async () => {
      const { org, user } = await seeded();
      const ticket = await numbered(aTicket(org.id, user.id));
      const second = aMessage(ticket.id, {
        createdAt: at(2),
        authorKind: 'operator',
        authorName: 'Groundfloor Support',
      });
      const first = aMessage(ticket.id, { createdAt: at(1), authorUserId: user.id });
      const system = aMessage(ticket.id, { createdAt: at(3), authorKind: 'system', authorName: null });
      await uow().transaction(async (tx) => {
        await tx.tickets.save(ticket);
        for (const m of [second, first, system]) await tx.tickets.saveMessage(m);
      });
      expect(await uow().read.tickets.listMessages(ticket.id)).toEqual([first, second, system]);
      const redacted = { ...first, body: '[redacted by Groundfloor]', redacted: true };
      await uow().transaction((tx) => tx.tickets.saveMessage(redacted));
      expect((await uow().read.tickets.listMessages(ticket.id))[0]).toEqual(redacted);
      expect(await uow().read.tickets.listMessages(newId())).toEqual([]);
    });
  });
}
