export { InvalidBlobKeyError } from './blob-key-path';
export { FsBlobStore } from './fs-blob-store.adapter';
