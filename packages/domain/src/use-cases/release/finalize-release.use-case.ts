import { authorizeWorkspaceChange } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import type { ExtractedFile } from '../../ports/bundle-extractor.port';
import type { Repositories } from '../../ports/repositories.port';
import type { Release } from '../../release/release';
import {
  filesQuotaExceeded,
  releaseNotUploaded,
  releaseSizeMismatch,
  remoteEntryMissing,
} from '../../release/release.errors';
import { transitionRelease } from '../../release/release.machine';
import { releaseStorage } from '../../release/release-storage';
import { findRemoteEntry, REMOTE_ENTRY } from '../../release/remote-entry';
import { zipRefused } from '../../release/zip-refusal';
import type { DomainError } from '../../shared/domain-error';
import { Limits } from '../../shared/limits';
import type { Deps } from '../deps';
import { filesLimit, filesQuotaRoom, requireRelease, requireReleaseApp } from './release-access';

export interface FinalizeReleaseInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly appId: string;
  readonly releaseId: string;
  readonly context: RequestContext;
}

type Unpacked =
  | { readonly files: ExtractedFile[]; readonly totalBytes: number }
  | { readonly refusal: DomainError };

/**
 * `POST /apps/{app_id}/releases/{release_id}/finalize` (write): checks the
 * size again (400 `size_mismatch`, after which content may be sent again),
 * unpacks the upload into the release's files and publishes it as the
 * app's current release.
 *
 * Three steps, so no transaction stays open while a 256 MiB archive
 * inflates: mark the release `finalizing` (a second finalize is 409),
 * unpack, then publish or refuse. A refused archive (400 `zip_*`, 409
 * without `remoteEntry.js`) leaves the release `refused` for good. A stop
 * that is not the upload's fault (507 quota, 410 archived meanwhile, a
 * storage failure) puts it back to `uploaded`.
 */
export class FinalizeRelease {
  constructor(
    private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'settings' | 'blobs' | 'bundles'>,
  ) {}

  async execute(input: FinalizeReleaseInput): Promise<Release> {
    const release = await this.deps.uow.transaction((tx) => this.start(tx, input));
    let unpacked: Unpacked;
    try {
      unpacked = await this.unpack(release);
    } catch (err) {
      await this.abandon(release);
      throw err;
    }
    if ('refusal' in unpacked) {
      await this.refuse(release, unpacked.refusal, input.context);
      throw unpacked.refusal;
    }
    let published: Release;
    try {
      published = await this.deps.uow.transaction((tx) => this.publish(tx, release, unpacked, input));
    } catch (err) {
      await this.abandon(release);
      throw err;
    }
    if (release.uploadKey !== null) await this.deps.blobs.delete(release.uploadKey);
    return published;
  }

  /** Authorization, the size check, and the mark that keeps a second finalize out. */
  private async start(tx: Repositories, input: FinalizeReleaseInput): Promise<Release> {
    const now = this.deps.clock.now();
    const { workspace } = await authorizeWorkspaceChange(tx, input.userId, input.workspaceId, 'write', now);
    const app = await requireReleaseApp(tx, workspace.id, input.appId);
    const release = await requireRelease(tx, app.id, input.releaseId, { forUpdate: true });
    const next = transitionRelease(release.status, 'finalize');
    const upload = release.uploadKey === null ? null : await this.deps.blobs.stat(release.uploadKey);
    if (upload === null) throw releaseNotUploaded();
    if (upload.sizeBytes !== release.sizeBytes)
      throw releaseSizeMismatch(release.sizeBytes, upload.sizeBytes);
    release.status = next;
    await tx.releases.save(release);
    return release;
  }

  /** The published files, or why the upload cannot be published. */
  private async unpack(release: Release): Promise<Unpacked> {
    const source = release.uploadKey as string;
    if (release.bundle === 'remote_entry') {
      // The upload is the remote entry itself; it becomes the release's one file.
      const upload = await this.deps.blobs.get(source);
      if (!upload) throw releaseNotUploaded();
      const stored = await this.deps.blobs.put(`${release.contentPrefix}${REMOTE_ENTRY}`, upload.content, {
        maxBytes: release.sizeBytes,
      });
      if (stored.status !== 'stored') throw new Error('the upload changed while it was being published');
      return { files: [{ path: REMOTE_ENTRY, sizeBytes: stored.sizeBytes }], totalBytes: stored.sizeBytes };
    }
    const result = await this.deps.bundles.extract({
      sourceKey: source,
      targetPrefix: release.contentPrefix,
      limits: { maxEntries: Limits.zipExtracted.entriesMax, maxBytes: Limits.zipExtracted.bytesMax },
    });
    if (result.status === 'refused') return { refusal: zipRefused(result.refusal) };
    if (findRemoteEntry(result.files.map((f) => f.path)) === null) return { refusal: remoteEntryMissing() };
    return result;
  }

  /** Makes the release the app's current one, if the app is still active and the quota has room. */
  private async publish(
    tx: Repositories,
    release: Release,
    unpacked: { readonly files: ExtractedFile[]; readonly totalBytes: number },
    input: FinalizeReleaseInput,
  ): Promise<Release> {
    const now = this.deps.clock.now();
    const { workspace, organization } = await authorizeWorkspaceChange(
      tx,
      input.userId,
      input.workspaceId,
      'write',
      now,
    );
    // Locks: the app serialises its current release, the organization its quota.
    const app = await requireReleaseApp(tx, workspace.id, release.appId, { forUpdate: true });
    const locked = await tx.organizations.findByIdForUpdate(organization.id);
    const room = await filesQuotaRoom(tx, this.deps.settings, locked ?? organization, app.id);
    if (room !== null && unpacked.totalBytes > room)
      throw filesQuotaExceeded(filesLimit(this.deps.settings, locked ?? organization));
    const current = await requireRelease(tx, app.id, release.id, { forUpdate: true });
    const previous = await tx.releases.findCurrent(app.id);
    if (previous) {
      previous.current = false;
      await tx.releases.save(previous);
    }
    current.status = transitionRelease(current.status, 'publish');
    current.current = true;
    current.entryPath = findRemoteEntry(unpacked.files.map((f) => f.path));
    current.digest = `sha256:${current.uploadSha256}`;
    current.publishedBytes = unpacked.totalBytes;
    current.publishedAt = now;
    current.uploadKey = null;
    await tx.releases.save(current);
    await recordAudit(tx, this.deps, input.context, now, {
      action: 'release.published',
      organizationId: organization.id,
      workspaceId: workspace.id,
      target: { type: 'release', id: current.id },
      details: {
        app_id: app.id,
        bundle: current.bundle,
        label: current.label,
        files: unpacked.files.length,
        published_bytes: unpacked.totalBytes,
        previous_release_id: previous?.id ?? null,
      },
    });
    return current;
  }

  /** The upload cannot be published: the release stays refused, its bytes go. */
  private async refuse(release: Release, reason: DomainError, context: RequestContext): Promise<void> {
    await this.deps.uow.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const current = await tx.releases.findByIdForUpdate(release.appId, release.id);
      if (current?.status !== 'finalizing') return;
      current.status = transitionRelease(current.status, 'refuse');
      current.refusal = reason.code;
      current.uploadKey = null;
      await tx.releases.save(current);
      const workspace = await tx.workspaces.findById(current.workspaceId);
      await recordAudit(tx, this.deps, context, now, {
        action: 'release.refused',
        organizationId: workspace?.organizationId ?? null,
        workspaceId: current.workspaceId,
        target: { type: 'release', id: current.id },
        details: { app_id: current.appId, reason: reason.code },
      });
    });
    await this.deps.blobs.deleteByPrefix(releaseStorage.folder(release.id));
  }

  /** Finalize stopped for a reason that is not the upload's: it may be finalized again. */
  private async abandon(release: Release): Promise<void> {
    await this.deps.blobs.deleteByPrefix(release.contentPrefix);
    await this.deps.uow.transaction(async (tx) => {
      const current = await tx.releases.findByIdForUpdate(release.appId, release.id);
      if (current?.status !== 'finalizing') return;
      current.status = transitionRelease(current.status, 'abandon');
      await tx.releases.save(current);
    });
  }
}
