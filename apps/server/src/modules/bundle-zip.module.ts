import { ZipBundleExtractor } from '@groundfloor/bundle-zip';
import { BLOB_STORE, type BlobStore, BUNDLE_EXTRACTOR, type BundleExtractor } from '@groundfloor/domain';
import { ContainerModule } from 'inversify';

/** Release zips, unpacked from the blob store into it. */
export const bundleZipModule = new ContainerModule(({ bind }) => {
  bind<BundleExtractor>(BUNDLE_EXTRACTOR)
    .toResolvedValue((blobs: BlobStore) => new ZipBundleExtractor(blobs), [BLOB_STORE])
    .inSingletonScope();
});
