import {
  describeBundleExtractorContract,
  FakeBundleExtractor,
  fakeArchive,
  InMemoryBlobStore,
} from '@groundfloor/testkit';

describeBundleExtractorContract('fake (JSON archives)', async () => {
  const store = new InMemoryBlobStore();
  return {
    subject: { store, extractor: new FakeBundleExtractor(store), pack: (entries) => fakeArchive(entries) },
    close: async () => {},
  };
});
