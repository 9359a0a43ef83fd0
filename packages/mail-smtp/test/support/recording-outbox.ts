import type { OutboxEntry } from '@groundfloor/domain';
import { InMemoryMailOutbox } from '@groundfloor/testkit';

/** The in-memory outbox, plus a JSON snapshot of everything ever written to it. */
export class RecordingOutbox extends InMemoryMailOutbox {
  readonly writes: string[] = [];
  override async save(entry: OutboxEntry) {
    this.writes.push(JSON.stringify(entry));
    await super.save(entry);
  }
  only(): OutboxEntry {
    const [entry, ...rest] = [...this.entries.values()];
    if (!entry || rest.length > 0) throw new Error(`expected one outbox entry, found ${this.entries.size}`);
    return entry;
  }
}
