interface Waiting<V> {
  readonly resolve: (value: V | null) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Lookups by key that arrive while one is on its way to the database go
 * together in the next statement, as `CoalescingWriter` does for writes: under
 * load one round trip answers many requests, alone a lookup waits only for
 * the current tick. Two lookups of one key each get their own copy of the
 * row, since callers change what they are given.
 */
export class CoalescingReader<K, V> {
  private waiting = new Map<K, Waiting<V>[]>();
  private reading = false;

  constructor(
    private readonly readMany: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>,
    private readonly maxKeys = 200,
  ) {}

  get(key: K): Promise<V | null> {
    return new Promise<V | null>((resolve, reject) => {
      const queue = this.waiting.get(key);
      if (queue) queue.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.reading) {
        this.reading = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.waiting.size > 0) {
      const keys = [...this.waiting.keys()].slice(0, this.maxKeys);
      const batch = keys.map((key) => [key, this.waiting.get(key) as Waiting<V>[]] as const);
      for (const key of keys) this.waiting.delete(key);
      try {
        const found = await this.readMany(keys);
        for (const [key, queue] of batch) {
          const value = found.get(key) ?? null;
          for (const [i, w] of queue.entries()) {
            w.resolve(i === 0 || value === null ? value : structuredClone(value));
          }
        }
      } catch (error) {
        for (const [, queue] of batch) for (const w of queue) w.reject(error);
      }
    }
    this.reading = false;
  }
}
