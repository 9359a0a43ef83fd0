import { authorizeWorkspaceChange } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import type { Release } from '../../release/release';
import { filesQuotaExceeded } from '../../release/release.errors';
import { requireBundle, requireLabel, requireSizeBytes } from '../../release/release-input';
import { releaseStorage } from '../../release/release-storage';
import { Limits } from '../../shared/limits';
import type { Deps } from '../deps';
import { filesLimit, filesQuotaRoom, requireReleaseApp } from './release-access';

export interface CreateReleaseUploadInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly appId: string;
  readonly bundle?: string;
  readonly label?: string | null;
  /** Checked here: missing is 422, over 32 MiB 413. */
  readonly sizeBytes?: unknown;
  readonly context: RequestContext;
}

export interface ReleaseUpload {
  readonly release: Release;
  /** The content route: PUT the bytes there, with the caller's token. */
  readonly uploadUrl: string;
}

/**
 * `POST /apps/{app_id}/releases/upload-url` (write): a new release waiting
 * for its content (supplement §9). An upload whose announced size would
 * take the organization past `files.bytes` is refused now (507) rather
 * than after it was sent.
 */
export class CreateReleaseUpload {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'settings'>) {}

  async execute(input: CreateReleaseUploadInput): Promise<ReleaseUpload> {
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'write',
        now,
      );
      const app = await requireReleaseApp(tx, workspace.id, input.appId);
      const bundle = requireBundle(input.bundle);
      const label = requireLabel(input.label);
      const sizeBytes = requireSizeBytes(input.sizeBytes);
      const room = await filesQuotaRoom(tx, this.deps.settings, organization, app.id);
      if (room !== null && sizeBytes > room)
        throw filesQuotaExceeded(filesLimit(this.deps.settings, organization));
      const id = this.deps.ids.next();
      const release: Release = {
        id,
        workspaceId: workspace.id,
        appId: app.id,
        bundle,
        label,
        sizeBytes,
        status: 'awaiting_upload',
        uploadKey: null,
        uploadedBytes: null,
        uploadSha256: null,
        contentPrefix: releaseStorage.files(id),
        entryPath: null,
        digest: null,
        publishedBytes: null,
        current: false,
        refusal: null,
        createdAt: now,
        uploadExpiresAt: new Date(now.getTime() + Limits.releaseUploadUrlSeconds * 1000),
        uploadedAt: null,
        publishedAt: null,
      };
      await tx.releases.save(release);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'release.created',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'release', id },
        details: { app_id: app.id, bundle, label, size_bytes: sizeBytes },
      });
      const uploadUrl = `${this.deps.settings.publicBaseUrl}/v1/workspaces/${workspace.id}/apps/${app.id}/releases/${id}/content`;
      return { release, uploadUrl };
    });
  }
}
