import type { QueryRunner } from 'typeorm';

const SERIAL = new WeakSet<QueryRunner>();

/**
 * Makes a transaction's statements reach its one connection one at a time,
 * in the order they were made. Use cases read several things at once
 * (`Promise.all`) inside a transaction; node-postgres still queues such
 * calls itself, but warns that it will stop doing so (pg 9 refuses them).
 * A failed statement does not hold up the ones after it: each is answered
 * with its own result, as if made in turn.
 */
export function oneQueryAtATime(runner: QueryRunner | undefined): void {
  if (!runner || SERIAL.has(runner)) return;
  SERIAL.add(runner);
  const query = runner.query.bind(runner);
  let tail: Promise<unknown> = Promise.resolve();
  runner.query = ((...args: Parameters<QueryRunner['query']>) => {
    const run = tail.then(() => query(...args));
    tail = run.catch(() => undefined);
    return run;
  }) as QueryRunner['query'];
}
