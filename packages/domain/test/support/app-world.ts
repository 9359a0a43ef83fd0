import type { App, PublishedRelease, Release } from '../../src';
import { ctx, type WorkspaceWorld } from './workspace-world';

/** An app written straight to the tables (legacy kinds, numbers no route would create). */
export async function seedApp(world: WorkspaceWorld, overrides: Partial<App> = {}): Promise<App> {
  const { deps } = world;
  const id = deps.ids.next();
  const app: App = {
    id,
    workspaceId: world.workspaceId,
    name: 'Seeded',
    slug: `seeded-${id.slice(-6)}`,
    kind: 'shell_federated',
    environmentId: world.devId,
    primaryCoderunnerId: null,
    manifest: {},
    gitRepoUrl: null,
    visibility: 'workspace',
    status: 'active',
    promotedFromAppId: null,
    createdAt: deps.clock.now(),
    updatedAt: deps.clock.now(),
    archivedAt: null,
    ...overrides,
  };
  await deps.uow.transaction((tx) => tx.apps.save(app));
  return app;
}

/** Publishes a release of the app, as the release module will, and makes it current. */
export function seedRelease(world: WorkspaceWorld, appId: string, overrides: Partial<PublishedRelease> = {}) {
  const release: PublishedRelease = {
    releaseId: world.deps.ids.next(),
    appId,
    label: 'v1',
    entryPath: 'remoteEntry.js',
    digest: 'sha256:aaaa',
    ...overrides,
  };
  const { tables } = world.deps.uow;
  for (const other of tables.releases.values()) if (other.appId === appId) other.current = false;
  const row: Release = {
    id: release.releaseId,
    workspaceId: world.workspaceId,
    appId,
    bundle: 'remote_entry',
    label: release.label,
    sizeBytes: 100,
    status: 'published',
    uploadKey: null,
    uploadedBytes: 100,
    uploadSha256: null,
    contentPrefix: `releases/${release.releaseId}/files/`,
    entryPath: release.entryPath,
    digest: release.digest,
    publishedBytes: 100,
    current: true,
    refusal: null,
    createdAt: world.deps.clock.now(),
    uploadExpiresAt: world.deps.clock.now(),
    uploadedAt: world.deps.clock.now(),
    publishedAt: world.deps.clock.now(),
  };
  tables.releases.set(row.id, row);
  return release;
}

/** A workload registered through the use case. */
export function aWorkload(
  world: WorkspaceWorld,
  kind: 'service' | 'job' = 'service',
  workspaceId = world.workspaceId,
) {
  return world.uc.workloads.create.execute({
    userId: world.ownerId,
    workspaceId,
    name: kind === 'service' ? 'api' : 'nightly',
    kind,
    context: ctx(world.ownerId),
  });
}

/** Creates an app as the owner; `fields` are the POST body's. */
export function createApp(
  world: WorkspaceWorld,
  fields: {
    slug: string;
    name?: string;
    appKind?: string;
    environmentId?: string;
    primaryCoderunnerId?: string | null;
    manifest?: unknown;
    gitRepoUrl?: string | null;
  },
  userId = world.ownerId,
) {
  return world.uc.apps.create.execute({
    userId,
    workspaceId: world.workspaceId,
    name: fields.name ?? 'Portal',
    ...fields,
    context: ctx(userId),
  });
}
