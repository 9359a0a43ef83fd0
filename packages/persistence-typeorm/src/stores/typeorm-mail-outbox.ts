import type { MailOutbox, OutboxBacklog, OutboxEntry } from '@groundfloor/domain';
import { In } from 'typeorm';
import type { Executor } from '../executor';
import { OutboxEntryMapper } from '../mappers/outbox-entry.mapper';
import { CoalescingWriter } from '../repositories/coalescing-writer';
import { writeRowsAsOne } from '../repositories/rows';
import { type OutboxRecord, OutboxSchema } from '../schemas/mail-outbox.schema';
import { isUuid } from '../uuid';

export class TypeormMailOutbox implements MailOutbox {
  /**
   * Every member added and every sign-in link sent saves an entry; those
   * saved at once share one statement, each save settling when its own row
   * has committed. Two saves of one entry in a shared statement collide, and
   * are then written one by one, in the order they were made.
   */
  private readonly saves = new CoalescingWriter<OutboxRecord>((records) => this.write(records));

  constructor(private readonly executor: Executor) {}

  save(entry: OutboxEntry): Promise<void> {
    const record = OutboxEntryMapper.toRecord(entry);
    return this.executor.enclosed ? this.write([record]) : this.saves.add(record);
  }

  private write(records: readonly OutboxRecord[]): Promise<void> {
    return writeRowsAsOne(this.executor.manager(), OutboxSchema, records, ['id']);
  }

  async findById(id: string): Promise<OutboxEntry | null> {
    if (!isUuid(id)) return null;
    const record = await this.executor.manager().findOne(OutboxSchema, { where: { id } });
    return record ? OutboxEntryMapper.toDomain(record) : null;
  }

  async backlog(): Promise<OutboxBacklog> {
    const rows: { pending: number; oldest: Date | string | null }[] = await this.executor
      .manager()
      .query(
        "SELECT count(*)::int AS pending, min(created_at) AS oldest FROM mail_outbox WHERE status = 'pending'",
      );
    const row = rows[0];
    const oldest = row?.oldest ?? null;
    return {
      pending: Number(row?.pending ?? 0),
      oldestPendingCreatedAt: oldest === null ? null : new Date(oldest),
    };
  }

  /**
   * One statement: the due rows are locked with SKIP LOCKED (a row another
   * worker is claiming is passed over, not waited for) and leased in the same
   * UPDATE, so concurrent claims from any number of processes are disjoint.
   */
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<OutboxEntry[]> {
    if (limit <= 0) return [];
    const ids: { id: string }[] = await this.executor.transaction(async (manager) => {
      const result = await manager.query(
        `UPDATE mail_outbox SET next_attempt_at = $1
         WHERE id IN (
           SELECT id FROM mail_outbox
           WHERE status = 'pending' AND next_attempt_at <= $2
           ORDER BY created_at, id
           LIMIT $3
           FOR UPDATE SKIP LOCKED)
         RETURNING id`,
        [leaseUntil, now, limit],
      );
      // pg answers [rows, count] for an UPDATE … RETURNING through TypeORM's query().
      return Array.isArray(result[0]) ? result[0] : result;
    });
    if (ids.length === 0) return [];
    const records = await this.executor.manager().find(OutboxSchema, {
      where: { id: In(ids.map((r) => r.id)) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return records.map(OutboxEntryMapper.toDomain);
  }
}
