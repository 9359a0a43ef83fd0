import { DomainError, type PasswordHasher } from '@groundfloor/domain';

export interface PasswordHashingBounds {
  /** Hashes and verifications running at once; the rest wait their turn. */
  readonly concurrency: number;
  /** Calls allowed to wait; one more is refused at once with 503. */
  readonly maxWaiting: number;
}

/** Every slot is taken and the waiting line is full: retrying in a second is the right answer. */
export const passwordHashingBusy = () =>
  new DomainError(
    'unavailable',
    'password_hashing_busy',
    'too many passwords are being checked right now; retry shortly',
    [],
    1,
    503,
  );

/**
 * Lets only `concurrency` password hashes run at once, in arrival order.
 * argon2id is memory-hard and CPU-bound: unbounded, a burst of sign-ins
 * occupies every core (and libuv's whole threadpool), and every other route
 * waits behind it. Bounded, a burst queues here while the event loop keeps a
 * core; past `maxWaiting` the caller is told to retry instead of waiting
 * without end.
 */
export class BoundedPasswordHasher implements PasswordHasher {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly inner: PasswordHasher,
    private readonly bounds: PasswordHashingBounds,
  ) {
    if (!(Number.isInteger(bounds.concurrency) && bounds.concurrency >= 1))
      throw new Error('password hashing concurrency must be a whole number of 1 or more');
  }

  hash(password: string): Promise<string> {
    return this.run(() => this.inner.hash(password));
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.run(() => this.inner.verify(hash, password));
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.bounds.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.bounds.maxWaiting) return Promise.reject(passwordHashingBusy());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot straight to the longest waiting call, so a newcomer cannot overtake it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
