import type { MailOutbox, OutboxEntry, SigningKeyStore, StoredSigningKey } from '@groundfloor/domain';

export class InMemorySigningKeyStore implements SigningKeyStore {
  readonly keys = new Map<string, StoredSigningKey>();
  async save(key: StoredSigningKey) {
    this.keys.set(key.kid, structuredClone(key));
  }
  async list() {
    return [...this.keys.values()]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((k) => structuredClone(k));
  }
  /** Synchronous between the check and the writes, so atomic on the event loop. */
  async replaceCurrent(next: StoredSigningKey, expectedKid: string | null) {
    const current = [...this.keys.values()]
      .filter((k) => k.retiredAt === null)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    if ((current?.kid ?? null) !== expectedKid) return false;
    for (const key of this.keys.values()) if (key.retiredAt === null) key.retiredAt = next.createdAt;
    this.keys.set(next.kid, structuredClone(next));
    return true;
  }
}

export class InMemoryMailOutbox implements MailOutbox {
  readonly entries = new Map<string, OutboxEntry>();
  async save(entry: OutboxEntry) {
    this.entries.set(entry.id, structuredClone(entry));
  }
  async findById(id: string) {
    const e = this.entries.get(id);
    return e ? structuredClone(e) : null;
  }
  async backlog() {
    const pending = [...this.entries.values()].filter((e) => e.status === 'pending');
    const oldest = pending.reduce<Date | null>(
      (min, e) => (min === null || e.createdAt < min ? e.createdAt : min),
      null,
    );
    return { pending: pending.length, oldestPendingCreatedAt: oldest ? new Date(oldest) : null };
  }
  /** Synchronous from the read to the lease, so atomic on the event loop. */
  async claimDue(now: Date, leaseUntil: Date, limit: number) {
    const due = [...this.entries.values()]
      .filter((e) => e.status === 'pending' && e.nextAttemptAt <= now)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .slice(0, limit);
    for (const e of due) e.nextAttemptAt = leaseUntil;
    return due.map((e) => structuredClone(e));
  }
}
