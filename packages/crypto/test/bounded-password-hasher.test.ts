import type { PasswordHasher } from '@groundfloor/domain';
import { BoundedPasswordHasher } from '../src';

interface Call {
  readonly label: string;
  finish(): void;
  fail(): void;
}

/** A hasher whose calls finish only when the test says so; it counts how many run at once. */
class ControlledHasher implements PasswordHasher {
  readonly running: Call[] = [];
  readonly started: string[] = [];
  peak = 0;

  hash(password: string): Promise<string> {
    return this.call(`hash:${password}`, `hashed:${password}`);
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.call(`verify:${password}`, hash === `hashed:${password}`);
  }

  /** Finishes the oldest running call. */
  finishOldest(): void {
    this.running[0]?.finish();
  }

  private call<T>(label: string, result: T): Promise<T> {
    this.started.push(label);
    return new Promise<T>((resolve, reject) => {
      const call: Call = {
        label,
        finish: () => {
          this.running.splice(this.running.indexOf(call), 1);
          resolve(result);
        },
        fail: () => {
          this.running.splice(this.running.indexOf(call), 1);
          reject(new Error(`${label} failed`));
        },
      };
      this.running.push(call);
      this.peak = Math.max(this.peak, this.running.length);
    });
  }
}

/** Lets every pending promise chain run as far as it can (nothing here waits on a timer). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('BoundedPasswordHasher', () => {
  it('never runs more than `concurrency` hashes at once and finishes them all', async () => {
    const inner = new ControlledHasher();
    const bounded = new BoundedPasswordHasher(inner, { concurrency: 2, maxWaiting: 100 });
    const results = Array.from({ length: 10 }, (_, i) => bounded.verify('hashed:p3', `p${i}`));
    for (let done = 0; done < 10; done++) {
      await settle();
      expect(inner.running.length).toBe(Math.min(2, 10 - done));
      inner.finishOldest();
    }
    expect(inner.peak).toBe(2);
    expect(await Promise.all(results)).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('starts waiting calls in arrival order, hashes and verifications sharing one bound', async () => {
    const inner = new ControlledHasher();
    const bounded = new BoundedPasswordHasher(inner, { concurrency: 1, maxWaiting: 100 });
    const calls = [bounded.hash('a'), bounded.verify('x', 'b'), bounded.hash('c'), bounded.verify('x', 'd')];
    await settle();
    expect(inner.started).toEqual(['hash:a']);
    for (let i = 0; i < 4; i++) {
      inner.finishOldest();
      await settle();
    }
    expect(inner.started).toEqual(['hash:a', 'verify:b', 'hash:c', 'verify:d']);
    expect(await Promise.all(calls)).toEqual(['hashed:a', false, 'hashed:c', false]);
    expect(inner.peak).toBe(1);
  });

  it('refuses a call with 503 and Retry-After 1 while the waiting line is full, and takes calls again once it moves', async () => {
    const inner = new ControlledHasher();
    const bounded = new BoundedPasswordHasher(inner, { concurrency: 2, maxWaiting: 3 });
    const accepted = Array.from({ length: 5 }, (_, i) => bounded.verify('x', `p${i}`));
    await settle();
    await expect(bounded.verify('x', 'one too many')).rejects.toMatchObject({
      kind: 'unavailable',
      code: 'password_hashing_busy',
      status: 503,
      retryAfterSeconds: 1,
    });
    expect(inner.started).not.toContain('verify:one too many');
    inner.finishOldest();
    await settle();
    const later = bounded.verify('x', 'later');
    for (let i = 0; i < 5; i++) {
      inner.finishOldest();
      await settle();
    }
    await expect(Promise.all([...accepted, later])).resolves.toHaveLength(6);
    expect(inner.peak).toBe(2);
  });

  it('frees the slot of a call that fails', async () => {
    const inner = new ControlledHasher();
    const bounded = new BoundedPasswordHasher(inner, { concurrency: 1, maxWaiting: 10 });
    const failing = bounded.hash('boom');
    const next = bounded.hash('next');
    await settle();
    inner.running[0]?.fail();
    await expect(failing).rejects.toThrow('hash:boom failed');
    await settle();
    expect(inner.started).toEqual(['hash:boom', 'hash:next']);
    inner.finishOldest();
    await expect(next).resolves.toBe('hashed:next');
  });

  it('refuses a bound below one', () => {
    expect(
      () => new BoundedPasswordHasher(new ControlledHasher(), { concurrency: 0, maxWaiting: 1 }),
    ).toThrow(/concurrency/);
  });
});
