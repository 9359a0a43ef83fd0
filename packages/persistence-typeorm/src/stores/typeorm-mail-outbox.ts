import type { MailOutbox, OutboxEntry } from '@groundfloor/domain';
import { LessThanOrEqual } from 'typeorm';
import type { Executor } from '../executor';
import { OutboxEntryMapper } from '../mappers/outbox-entry.mapper';
import { OutboxSchema } from '../schemas/mail-outbox.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid } from '../uuid';

export class TypeormMailOutbox implements MailOutbox {
  constructor(private readonly executor: Executor) {}

  async save(entry: OutboxEntry): Promise<void> {
    await translatingConflicts(
      this.executor.manager().upsert(OutboxSchema, OutboxEntryMapper.toRecord(entry), ['id']),
    );
  }

  async findById(id: string): Promise<OutboxEntry | null> {
    if (!isUuid(id)) return null;
    const record = await this.executor.manager().findOne(OutboxSchema, { where: { id } });
    return record ? OutboxEntryMapper.toDomain(record) : null;
  }

  async listDue(now: Date, limit: number): Promise<OutboxEntry[]> {
    if (limit <= 0) return [];
    const records = await this.executor.manager().find(OutboxSchema, {
      where: { status: 'pending', nextAttemptAt: LessThanOrEqual(now) },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: limit,
    });
    return records.map(OutboxEntryMapper.toDomain);
  }
}
