import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FsBlobStore } from '@groundfloor/blob-store-fs';
import { describeBlobStoreContract } from '@groundfloor/testkit';

describeBlobStoreContract('filesystem', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'gf-blobs-'));
  return {
    subject: new FsBlobStore(path.join(root, 'blobs')),
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
});
