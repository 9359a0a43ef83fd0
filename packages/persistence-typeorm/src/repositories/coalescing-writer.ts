interface Waiting<T> {
  readonly item: T;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Writes that arrive while one is on its way to the database go together in
 * the next statement, and each caller's promise settles only when its own
 * row has committed (or failed): what PostgreSQL's group commit does for
 * WAL flushes, done for round trips. Under load a statement carries many
 * rows; alone, a write waits only for the current tick.
 *
 * A batch that fails is written again row by row, so one bad row fails only
 * its own caller.
 */
export class CoalescingWriter<T> {
  private queue: Waiting<T>[] = [];
  private draining = false;

  constructor(
    private readonly write: (items: readonly T[]) => Promise<void>,
    private readonly maxBatch = 200,
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.draining) {
        this.draining = true;
        // The rest of this tick's writes join the first batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        await this.write(batch.map((w) => w.item));
        for (const w of batch) w.resolve();
      } catch (error) {
        if (batch.length === 1) batch[0]?.reject(error);
        else await this.oneByOne(batch);
      }
    }
    this.draining = false;
  }

  private async oneByOne(batch: readonly Waiting<T>[]): Promise<void> {
    for (const w of batch) {
      try {
        await this.write([w.item]);
        w.resolve();
      } catch (error) {
        w.reject(error);
      }
    }
  }
}
