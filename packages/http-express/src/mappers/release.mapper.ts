import {
  type PlatformSettings,
  RELEASE_BUNDLES,
  RELEASE_STATUSES,
  type Release,
  type ReleaseUpload,
  remoteEntryUrl,
} from '@groundfloor/domain';
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, OneOf, Resource, Timestamp, Uuid } from '../openapi/schema';

/* Releases of `shell_federated` apps (supplement §9): the blob keys behind them are never shown. */

const Bundle = OneOf(
  RELEASE_BUNDLES,
  '`remote_entry`: the remote entry file itself; `zip`: the build folder',
);
const Label = Nullable(Type.String({ description: 'one line of at most 120 characters' }));
const SizeBytes = Type.Integer({ minimum: 1, description: 'the size announced by upload-url' });

export const ReleaseUploadSchema = Resource(
  'ReleaseUpload',
  {
    release_id: Uuid(),
    upload_url: Type.String({ description: 'PUT the bytes here with the same bearer token' }),
    method: Type.Literal('PUT'),
    expires_at: Timestamp('content is taken until then'),
    bundle: Bundle,
    label: Label,
    size_bytes: SizeBytes,
  },
  'Where to upload the content of a new release',
);
export const releaseUploadJson = ({
  release,
  uploadUrl,
}: ReleaseUpload): Static<typeof ReleaseUploadSchema> => ({
  release_id: release.id,
  upload_url: uploadUrl,
  method: 'PUT',
  expires_at: release.uploadExpiresAt.toISOString(),
  bundle: release.bundle,
  label: release.label,
  size_bytes: release.sizeBytes,
});

const at = (date: Date | null) => (date === null ? null : date.toISOString());

export const ReleaseSchema = Resource('Release', {
  release_id: Uuid(),
  app_id: Uuid(),
  bundle: Bundle,
  label: Label,
  size_bytes: SizeBytes,
  status: OneOf(
    RELEASE_STATUSES,
    '`awaiting_upload`, `uploaded` (content may be sent again), `finalizing`, then `published` or `refused` for good',
  ),
  current: Type.Boolean({ description: "the app's current release: the latest published" }),
  remote_entry_url: Nullable(
    Type.String({ description: 'published releases: the public URL of `remoteEntry.js`, cached for good' }),
  ),
  published_bytes: Nullable(
    Type.Integer({ description: 'what the published files take; `files.bytes` counts it while current' }),
  ),
  refusal: Nullable(Type.String({ description: 'refused releases: the problem code finalize answered' })),
  created_at: Timestamp(),
  upload_expires_at: Timestamp('content is taken until then'),
  uploaded_at: Nullable(Timestamp('the latest content upload')),
  published_at: Nullable(Timestamp()),
});
export const releaseJson = (
  release: Release,
  settings: Pick<PlatformSettings, 'publicBaseUrl'>,
): Static<typeof ReleaseSchema> => ({
  release_id: release.id,
  app_id: release.appId,
  bundle: release.bundle,
  label: release.label,
  size_bytes: release.sizeBytes,
  status: release.status,
  current: release.current,
  remote_entry_url:
    release.status === 'published' && release.entryPath !== null
      ? remoteEntryUrl(settings, {
          releaseId: release.id,
          appId: release.appId,
          label: release.label,
          entryPath: release.entryPath,
          digest: release.digest ?? '',
        })
      : null,
  published_bytes: release.publishedBytes,
  refusal: release.refusal,
  created_at: release.createdAt.toISOString(),
  upload_expires_at: release.uploadExpiresAt.toISOString(),
  uploaded_at: at(release.uploadedAt),
  published_at: at(release.publishedAt),
});
