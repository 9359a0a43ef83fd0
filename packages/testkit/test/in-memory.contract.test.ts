import {
  describeMailOutboxContract,
  describeRateLimiterContract,
  describeRepositoriesContract,
  describeSigningKeyStoreContract,
  InMemoryMailOutbox,
  InMemoryRateLimiter,
  InMemorySigningKeyStore,
  InMemoryUnitOfWork,
} from '@groundfloor/testkit';

const nothingToClose = async () => {};

describeRepositoriesContract('in-memory', async () => ({
  subject: new InMemoryUnitOfWork(),
  close: nothingToClose,
}));
describeRateLimiterContract('in-memory', async (clock) => ({
  subject: new InMemoryRateLimiter(clock),
  close: nothingToClose,
}));
describeMailOutboxContract('in-memory', async () => ({
  subject: new InMemoryMailOutbox(),
  close: nothingToClose,
}));
describeSigningKeyStoreContract('in-memory', async () => ({
  subject: new InMemorySigningKeyStore(),
  close: nothingToClose,
}));
