import { authorizeWorkspaceChange } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import type { Repositories } from '../../ports/repositories.port';
import type { Release } from '../../release/release';
import { filesQuotaExceeded, releaseTooLarge, releaseUploadExpired } from '../../release/release.errors';
import { transitionRelease } from '../../release/release.machine';
import { releaseStorage } from '../../release/release-storage';
import { Limits } from '../../shared/limits';
import type { Deps } from '../deps';
import { filesLimit, filesQuotaRoom, requireRelease, requireReleaseApp } from './release-access';

export interface UploadReleaseContentInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly appId: string;
  readonly releaseId: string;
  /** The request body, streamed; never held in memory whole. */
  readonly content: AsyncIterable<Uint8Array>;
  readonly context: RequestContext;
}

/**
 * `PUT /apps/{app_id}/releases/{release_id}/content` (write): stores the
 * bytes, at most 32 MiB (413), and no more than the organization's
 * `files.bytes` room (507). Content may be sent again until finalize; each
 * upload is its own blob, so one that arrives while finalize runs changes
 * nothing finalize reads. The checks run again after the bytes arrived,
 * as the release may have moved on meanwhile.
 */
export class UploadReleaseContent {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'settings' | 'blobs'>) {}

  async execute(input: UploadReleaseContentInput): Promise<void> {
    const { releaseId, maxBytes, quotaLimit } = await this.deps.uow.transaction(async (tx) => {
      const checked = await this.check(tx, input);
      if (checked.now.getTime() > checked.release.uploadExpiresAt.getTime()) throw releaseUploadExpired();
      const room = await filesQuotaRoom(tx, this.deps.settings, checked.organization, checked.app.id);
      const cap = Limits.releaseUploadBytesMax;
      if (room !== null && room <= 0)
        throw filesQuotaExceeded(filesLimit(this.deps.settings, checked.organization));
      return {
        releaseId: checked.release.id,
        maxBytes: room === null ? cap : Math.min(cap, room),
        quotaLimit: room !== null && room < cap ? filesLimit(this.deps.settings, checked.organization) : null,
      };
    });

    const key = releaseStorage.upload(releaseId, this.deps.ids.next());
    const stored = await this.deps.blobs.put(key, input.content, { maxBytes });
    if (stored.status === 'too_large')
      throw quotaLimit === null ? releaseTooLarge() : filesQuotaExceeded(quotaLimit);

    let replaced: string | null = null;
    try {
      await this.deps.uow.transaction(async (tx) => {
        const { release, organization, workspaceId, now } = await this.check(tx, input, { forUpdate: true });
        replaced = release.uploadKey;
        release.status = transitionRelease(release.status, 'upload');
        release.uploadKey = key;
        release.uploadedBytes = stored.sizeBytes;
        release.uploadSha256 = stored.sha256;
        release.uploadedAt = now;
        await tx.releases.save(release);
        await recordAudit(tx, this.deps, input.context, now, {
          action: 'release.uploaded',
          organizationId: organization.id,
          workspaceId,
          target: { type: 'release', id: release.id },
          details: { app_id: release.appId, uploaded_bytes: stored.sizeBytes },
        });
      });
    } catch (err) {
      await this.deps.blobs.delete(key);
      throw err;
    }
    if (replaced !== null) await this.deps.blobs.delete(replaced);
  }

  /** Authorization, the app, and a release that still takes content. */
  private async check(
    tx: Repositories,
    input: UploadReleaseContentInput,
    options: { forUpdate?: boolean } = {},
  ) {
    const now = this.deps.clock.now();
    const { workspace, organization } = await authorizeWorkspaceChange(
      tx,
      input.userId,
      input.workspaceId,
      'write',
      now,
    );
    const app = await requireReleaseApp(tx, workspace.id, input.appId);
    const release: Release = await requireRelease(tx, app.id, input.releaseId, options);
    transitionRelease(release.status, 'upload');
    return { app, release, organization, workspaceId: workspace.id, now };
  }
}
