import { S3BlobStore } from '@groundfloor/blob-store-s3';
import { BLOB_STORE, type BlobStore } from '@groundfloor/domain';
import { ContainerModule } from 'inversify';
import type { Config } from '../config';
import { CONFIG } from '../tokens';

/**
 * Release uploads and bundle files in an S3-compatible bucket every replica
 * shares (`BLOB_STORE=s3`). Loaded only then, so the AWS SDK is not.
 */
export const s3BlobStoreModule = new ContainerModule(({ bind }) => {
  bind<BlobStore>(BLOB_STORE)
    .toResolvedValue(
      (config: Config): BlobStore => {
        const store = config.blobStore;
        if (store.kind !== 's3') throw new Error('the S3 blob store module needs BLOB_STORE=s3');
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
