import { describeBlobStoreContract, InMemoryBlobStore } from '@groundfloor/testkit';

describeBlobStoreContract('in-memory', async () => ({
  subject: new InMemoryBlobStore(),
  close: async () => {},
}));
