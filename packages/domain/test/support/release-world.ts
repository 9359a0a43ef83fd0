import { createHash } from 'node:crypto';
import { chunksOf, type FakeArchiveEntry, fakeArchive, readAll } from '@groundfloor/testkit';
import type { Release } from '../../src';
import { createApp } from './app-world';
import { ctx, type WorkspaceWorld } from './workspace-world';

export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

export const REMOTE_ENTRY_JS = Buffer.from('export const mount = () => "hello";\n', 'utf8');

/** A shell_federated app created through the use case. */
export const aShellApp = (world: WorkspaceWorld, slug = 'portal') => createApp(world, { slug });

/** `POST …/releases/upload-url` as `userId` (the owner by default). */
export function requestUpload(
  world: WorkspaceWorld,
  appId: string,
  fields: { bundle?: string; label?: string | null; sizeBytes?: unknown },
  userId = world.ownerId,
) {
  return world.uc.releases.createUpload.execute({
    userId,
    workspaceId: world.workspaceId,
    appId,
    ...fields,
    context: ctx(userId),
  });
}

/** `PUT …/content` with `bytes`, sent in small chunks as a request body would be. */
export function uploadContent(
  world: WorkspaceWorld,
  appId: string,
  releaseId: string,
  bytes: Uint8Array | AsyncIterable<Uint8Array>,
  userId = world.ownerId,
) {
  return world.uc.releases.uploadContent.execute({
    userId,
    workspaceId: world.workspaceId,
    appId,
    releaseId,
    content: bytes instanceof Uint8Array ? chunksOf(bytes, 7) : bytes,
    context: ctx(userId),
  });
}

export function finalize(world: WorkspaceWorld, appId: string, releaseId: string, userId = world.ownerId) {
  return world.uc.releases.finalize.execute({
    userId,
    workspaceId: world.workspaceId,
    appId,
    releaseId,
    context: ctx(userId),
  });
}

/** Upload-url, content and finalize: a published release of `bytes`. */
export async function publish(
  world: WorkspaceWorld,
  appId: string,
  bytes: Buffer = REMOTE_ENTRY_JS,
  fields: { bundle?: string; label?: string } = {},
): Promise<Release> {
  const { release } = await requestUpload(world, appId, { ...fields, sizeBytes: bytes.length });
  await uploadContent(world, appId, release.id, bytes);
  return finalize(world, appId, release.id);
}

/** A zip bundle (the fake extractor's format) with these entries. */
export const zipOf = (entries: FakeArchiveEntry[]) => fakeArchive(entries);

/** An uploaded (not finalized) release of `bytes`. */
export async function uploaded(world: WorkspaceWorld, appId: string, bytes: Buffer, bundle = 'remote_entry') {
  const { release } = await requestUpload(world, appId, { bundle, sizeBytes: bytes.length });
  await uploadContent(world, appId, release.id, bytes);
  return release;
}

/** The bytes the public route serves for a file, as text. */
export async function served(world: WorkspaceWorld, releaseId: string, path: string): Promise<string> {
  const file = await world.uc.releases.publicFile.execute({ releaseId, path });
  return (await readAll(file.content)).toString('utf8');
}

/** Sets the organization's `files.bytes` ceiling. */
export function setFilesLimit(world: WorkspaceWorld, limit: number | null) {
  return world.uc.operator.updateOrganization.execute({
    organizationId: world.organizationId,
    limits: { 'files.bytes': limit },
    ip: null,
  });
}

/** Blob keys under a release's folder. */
export const blobsOf = (world: WorkspaceWorld, releaseId: string) =>
  world.deps.blobs.keysUnder(`releases/${releaseId}/`);
