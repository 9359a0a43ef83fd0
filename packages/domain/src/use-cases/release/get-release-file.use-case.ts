import { isBundlePath } from '../../release/bundle-path';
import { contentTypeOf } from '../../release/content-type';
import { releaseFileNotFound } from '../../release/release.errors';
import type { Deps } from '../deps';

/** A published file and how to serve it. */
export interface ReleaseFile {
  readonly releaseId: string;
  readonly path: string;
  readonly contentType: string;
  readonly sizeBytes: number;
  /** Identifies the release's content; the file at this URL never changes, so it may be cached for good. */
  readonly digest: string | null;
  readonly content: AsyncIterable<Uint8Array>;
}

async function* nothing(): AsyncIterable<Uint8Array> {}

/**
 * `GET /v1/public/releases/{release_id}/{path}`, unauthenticated: a file
 * of a published release of an active app. Every other case (unknown,
 * unpublished or refused release, archived app, a path that is not a
 * plain relative one, a missing file) is the same 404.
 */
export class GetReleaseFile {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'blobs'>) {}

  /** With `headersOnly` (HEAD) the file is looked at, not opened: its content is empty. */
  async execute(input: { releaseId: string; path: string; headersOnly?: boolean }): Promise<ReleaseFile> {
    if (!isBundlePath(input.path)) throw releaseFileNotFound();
    const { read } = this.deps.uow;
    const release = await read.releases.findPublishedById(input.releaseId);
    if (!release) throw releaseFileNotFound();
    const app = await read.apps.findById(release.workspaceId, release.appId);
    if (app?.status !== 'active') throw releaseFileNotFound();
    const key = `${release.contentPrefix}${input.path}`;
    const file = input.headersOnly
      ? await this.deps.blobs
          .stat(key)
          .then((found) => found && { sizeBytes: found.sizeBytes, content: nothing() })
      : await this.deps.blobs.get(key);
    if (!file) throw releaseFileNotFound();
    return {
      releaseId: release.id,
      path: input.path,
      contentType: contentTypeOf(input.path),
      sizeBytes: file.sizeBytes,
      digest: release.digest,
      content: file.content,
    };
  }
}
