import path from 'node:path';
import { FsBlobStore } from '@groundfloor/blob-store-fs';
import { BLOB_STORE, type BlobStore } from '@groundfloor/domain';
import { ContainerModule } from 'inversify';
import type { Config } from '../config';
import { CONFIG } from '../tokens';

/**
 * Release uploads and bundle files under `DATA_DIR/blobs` (the default).
 * `BLOB_STORE=s3` loads `blob-store-s3.module.ts` instead.
 */
export const blobStoreModule = new ContainerModule(({ bind }) => {
  bind<BlobStore>(BLOB_STORE)
    .toResolvedValue(
      (config: Config): BlobStore => new FsBlobStore(path.join(config.dataDir, 'blobs')),
      [CONFIG],
    )
    .inSingletonScope();
});
