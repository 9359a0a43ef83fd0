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
  async listDue(now: Date, limit: number) {
    return [...this.entries.values()]
      .filter((e) => e.status === 'pending' && e.nextAttemptAt <= now)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit)
      .map((e) => structuredClone(e));
  }
}
