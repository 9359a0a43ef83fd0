import type { Clock } from '@groundfloor/domain';
import { type Database, openDatabase } from '@groundfloor/persistence-typeorm';
import {
  describeMailOutboxContract,
  describeRateLimiterContract,
  describeRepositoriesContract,
  describeSigningKeyStoreContract,
} from '@groundfloor/testkit';

// One in-memory PGlite for every suite of this file: starting one costs seconds.
let database: Promise<Database> | undefined;
let clock: Clock = { now: () => new Date() };
const shared = () => {
  database ??= openDatabase({ dataDir: ':memory:', clock: { now: () => clock.now() } });
  return database;
};
const keepOpen = async () => {};

afterAll(async () => {
  await (await database)?.close();
});

describeRepositoriesContract('PGlite', async () => ({ subject: (await shared()).uow, close: keepOpen }));
describeRateLimiterContract('PGlite', async (suiteClock) => {
  clock = suiteClock;
  return { subject: (await shared()).rateLimiter, close: keepOpen };
});
describeMailOutboxContract('PGlite', async () => ({ subject: (await shared()).mailOutbox, close: keepOpen }));
describeSigningKeyStoreContract('PGlite', async () => ({
  subject: (await shared()).signingKeys,
  close: keepOpen,
}));
