import { ZipBundleExtractor } from '@groundfloor/bundle-zip';
import { describeBundleExtractorContract, InMemoryBlobStore } from '@groundfloor/testkit';
import { buildZip } from './support/zip-writer';

describeBundleExtractorContract('zip (yauzl)', async () => {
  const store = new InMemoryBlobStore();
  return {
    subject: {
      store,
      extractor: new ZipBundleExtractor(store),
      pack: (entries) =>
        buildZip(
          entries.map((e) =>
            e.kind === 'folder'
              ? { name: `${e.path}/`, mode: 0o040755 }
              : e.kind === 'link'
                ? { name: e.path, data: Buffer.from(e.content ?? ''), method: 0, mode: 0o120777 }
                : { name: e.path, data: Buffer.from(e.content ?? '') },
          ),
        ),
    },
    close: async () => {},
  };
});
