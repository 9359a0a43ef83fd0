import {
  MAIL_OUTBOX,
  type MailOutbox,
  RATE_LIMITER,
  type RateLimiter,
  SIGNING_KEY_STORE,
  type SigningKeyStore,
  UNIT_OF_WORK,
  type UnitOfWork,
} from '@groundfloor/domain';
import { type Database, openDatabase } from '@groundfloor/persistence-typeorm';
import { ContainerModule } from 'inversify';
import type { Config } from '../config';
import { CONFIG, DATABASE } from '../tokens';

/** PostgreSQL when DATABASE_URL is set, embedded PGlite in DATA_DIR otherwise; migrations run on open. */
export const persistenceModule = new ContainerModule(({ bind }) => {
  bind<Database>(DATABASE)
    .toResolvedValue(
      (config: Config) =>
        openDatabase({
          databaseUrl: config.databaseUrl,
          dataDir: config.dataDir,
          authorizationCache: config.authorizationCache,
          preparedStatements: config.databasePreparedStatements,
        }),
      [CONFIG],
    )
    .inSingletonScope();
  bind<UnitOfWork>(UNIT_OF_WORK)
    .toResolvedValue((db: Database) => db.uow, [DATABASE])
    .inSingletonScope();
  bind<RateLimiter>(RATE_LIMITER)
    .toResolvedValue((db: Database) => db.rateLimiter, [DATABASE])
    .inSingletonScope();
  bind<MailOutbox>(MAIL_OUTBOX)
    .toResolvedValue((db: Database) => db.mailOutbox, [DATABASE])
    .inSingletonScope();
  bind<SigningKeyStore>(SIGNING_KEY_STORE)
    .toResolvedValue((db: Database) => db.signingKeys, [DATABASE])
    .inSingletonScope();
});
