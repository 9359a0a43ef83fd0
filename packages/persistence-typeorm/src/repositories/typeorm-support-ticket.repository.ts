import type {
  Ticket,
  TicketListQuery,
  TicketMessage,
  TicketPage,
  TicketQueueQuery,
  TicketRepository,
} from '@groundfloor/domain';
import { UNRESOLVED_STATUSES } from '@groundfloor/domain';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { SupportTicketMapper } from '../mappers/support-ticket.mapper';
import { type SupportTicketRecord, SupportTicketSchema } from '../schemas/support-ticket.schema';
import { SupportTicketMessageSchema } from '../schemas/support-ticket-message.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';

const toPage = ([records, totalCount]: [SupportTicketRecord[], number]): TicketPage => ({
  items: records.map(SupportTicketMapper.toDomain),
  totalCount,
});

export class TypeormSupportTicketRepository implements TicketRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async nextNumber(): Promise<number> {
    const rows: { n: number }[] = await this.scope
      .manager()
      .query("SELECT nextval('support_ticket_number_seq')::integer AS n");
    return Number(rows[0]?.n);
  }

  async save(ticket: Ticket): Promise<void> {
    await translatingConflicts(
      this.scope.manager().upsert(SupportTicketSchema, SupportTicketMapper.toRecord(ticket), ['id']),
    );
  }

  findById(id: string): Promise<Ticket | null> {
    return this.find(id, false);
  }

  findByIdForUpdate(id: string): Promise<Ticket | null> {
    return this.find(id, true);
  }

  async listForOrganization(q: TicketListQuery): Promise<TicketPage> {
    if (!isUuid(q.organizationId)) return { items: [], totalCount: 0 };
    const manager = this.scope.manager();
    const tickets = visibleTickets(manager.createQueryBuilder(SupportTicketSchema, 't'), q, {
      organizationId: 't.organizationId',
      requesterUserId: 't.requesterUserId',
      category: 't.category',
      status: 't.status',
    });
    // The total is a sum over the counters of migration 1767227300000 (one
    // per organization, requester, category and status) with the same
    // conditions: a few rows, however many tickets the organization has.
    const counters = visibleTickets(
      manager
        .createQueryBuilder()
        .select('COALESCE(SUM(c.n), 0)::int', 'n')
        .from('support_ticket_counts', 'c'),
      q,
      {
        organizationId: 'c.organization_id',
        requesterUserId: 'c.requester_user_id',
        category: 'c.category',
        status: 'c.status',
      },
    );
    const counted = await counters.getRawOne<{ n: number }>();
    const records = await tickets
      .orderBy('t.updatedAt', 'DESC')
      .addOrderBy('t.number', 'DESC')
      .offset(q.offset)
      .limit(q.limit)
      .getMany();
    return toPage([records, counted?.n ?? 0]);
  }

  async listQueue(q: TicketQueueQuery): Promise<TicketPage> {
    const query = this.scope.manager().createQueryBuilder(SupportTicketSchema, 't').where('1 = 1');
    if (q.organizationId !== undefined) {
      if (!isUuid(q.organizationId)) return { items: [], totalCount: 0 };
      query.andWhere('t.organizationId = :organizationId', { organizationId: q.organizationId });
    }
    if (q.statuses.length > 0) query.andWhere('t.status IN (:...statuses)', { statuses: q.statuses });
    if (q.categories !== undefined && q.categories.length > 0) {
      query.andWhere('t.category IN (:...categories)', { categories: q.categories });
    }
    return toPage(
      await query
        .orderBy('t.lastCustomerActivityAt', 'ASC')
        .addOrderBy('t.number', 'ASC')
        .skip(q.offset)
        .take(q.limit)
        .getManyAndCount(),
    );
  }

  countUnresolved(organizationId: string): Promise<number> {
    if (!isUuid(organizationId)) return Promise.resolve(0);
    return this.scope
      .manager()
      .createQueryBuilder(SupportTicketSchema, 't')
      .where('t.organizationId = :organizationId', { organizationId })
      .andWhere('t.status IN (:...unresolved)', { unresolved: UNRESOLVED_STATUSES })
      .getCount();
  }

  async saveMessage(message: TicketMessage): Promise<void> {
    await translatingConflicts(
      this.scope
        .manager()
        .upsert(SupportTicketMessageSchema, SupportTicketMapper.messageToRecord(message), ['id']),
    );
  }

  async listMessages(ticketId: string): Promise<TicketMessage[]> {
    if (!isUuid(ticketId)) return [];
    const records = await this.scope.manager().find(SupportTicketMessageSchema, {
      where: { ticketId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return records.map(SupportTicketMapper.messageToDomain);
  }

  private async find(id: string, forUpdate: boolean): Promise<Ticket | null> {
    if (!isUuid(id)) return null;
    const record = await this.scope.manager().findOne(SupportTicketSchema, {
      where: { id },
      ...lockFor<SupportTicketRecord>(this.scope, forUpdate),
    });
    return record ? SupportTicketMapper.toDomain(record) : null;
  }
}

/** The columns `visibleTickets` filters on, as the query names them. */
interface TicketColumns {
  readonly organizationId: string;
  readonly requesterUserId: string;
  readonly category: string;
  readonly status: string;
}

/** The organization's tickets the caller may see (their own, and the categories their role sees), with the list's filters. */
function visibleTickets<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  q: TicketListQuery,
  column: TicketColumns,
): SelectQueryBuilder<T> {
  query.where(`${column.organizationId} = :organizationId`, { organizationId: q.organizationId });
  const { requesterUserId, categories } = q.visibleTo;
  if (categories.length > 0) {
    query.andWhere(
      `(${column.requesterUserId} = :requesterUserId OR ${column.category} IN (:...visibleCategories))`,
      {
        requesterUserId,
        visibleCategories: categories,
      },
    );
  } else {
    query.andWhere(`${column.requesterUserId} = :requesterUserId`, { requesterUserId });
  }
  if (q.statuses.length > 0) query.andWhere(`${column.status} IN (:...statuses)`, { statuses: q.statuses });
  if (q.categories.length > 0)
    query.andWhere(`${column.category} IN (:...categories)`, { categories: q.categories });
  return query;
}
