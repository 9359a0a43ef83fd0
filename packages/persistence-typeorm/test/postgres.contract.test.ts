import type { Clock } from '@groundfloor/domain';
import {
  createThrowawayDatabase,
  openDatabase,
  type ThrowawayDatabase,
} from '@groundfloor/persistence-typeorm';
import {
  describeMailOutboxContract,
  describeRateLimiterContract,
  describeRepositoriesContract,
  describeSigningKeyStoreContract,
} from '@groundfloor/testkit';

// Runs only when TEST_DATABASE_URL names a PostgreSQL server this file may create databases on.
const adminUrl = process.env.TEST_DATABASE_URL;
const describeWithPostgres = adminUrl ? describe : describe.skip;

describeWithPostgres('PostgreSQL', () => {
  let throwaway: ThrowawayDatabase | undefined;
  const open = async (clock?: Clock) => {
    if (!throwaway) throw new Error('the throwaway database was not created');
    const database = await openDatabase({
      databaseUrl: throwaway.url,
      dataDir: '/nonexistent',
      poolSize: 12,
      clock,
    });
    return database;
  };

  beforeAll(async () => {
    throwaway = await createThrowawayDatabase(adminUrl as string);
  });
  afterAll(async () => {
    await throwaway?.drop();
  });

  describeRepositoriesContract('PostgreSQL', async () => {
    const database = await open();
    return { subject: database.uow, close: database.close };
  });
  describeRateLimiterContract('PostgreSQL', async (clock) => {
    const database = await open(clock);
    return { subject: database.rateLimiter, close: database.close };
  });
  describeMailOutboxContract('PostgreSQL', async () => {
    const database = await open();
    return { subject: database.mailOutbox, close: database.close };
  });
  describeSigningKeyStoreContract('PostgreSQL', async () => {
    const database = await open();
    return { subject: database.signingKeys, close: database.close };
  });
});
