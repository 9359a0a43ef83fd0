import path from 'node:path';
import { FsBlobStore } from '@groundfloor/blob-store-fs';
import { S3BlobStore } from '@groundfloor/blob-store-s3';
import { BLOB_STORE, type BlobStore } from '@groundfloor/domain';
import { ContainerModule } from 'inversify';
import type { Config } from '../config';
import { CONFIG } from '../tokens';

/**
 * Release uploads and bundle files: files under `DATA_DIR/blobs` by default,
 * or an S3-compatible bucket (`BLOB_STORE=s3`) that every replica shares.
 */
export const blobStoreModule = new ContainerModule(({ bind }) => {
  bind<BlobStore>(BLOB_STORE)
    .toResolvedValue(
      (config: Config): BlobStore => {
        const store = config.blobStore;
        if (store.kind === 'fs') return new FsBlobStore(path.join(config.dataDir, 'blobs'));
        return new S3BlobStore({
          bucket: store.bucket,
          keyPrefix: store.keyPrefix,
          client: {
            region: store.region,
            forcePathStyle: store.forcePathStyle,
            ...(store.endpoint ? { endpoint: store.endpoint } : {}),
            ...(store.accessKeyId && store.secretAccessKey
              ? { credentials: { accessKeyId: store.accessKeyId, secretAccessKey: store.secretAccessKey } }
              : {}),
          },
        });
      },
      [CONFIG],
    )
    .inSingletonScope();
});
