export { ENTRY_PATH_MAX } from './entry-rules';
export { ZipBundleExtractor } from './zip-bundle-extractor.adapter';
