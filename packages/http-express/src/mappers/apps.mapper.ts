import type {
  AccessDocument,
  App,
  AppAccessSetting,
  AppComparison,
  AppPromotionResult,
  CollectionAcl,
  DataCollection,
  PublicBootstrap,
  ShellConfig,
  ShellRelease,
  Workload,
} from '@groundfloor/domain';
import { type Static, Type } from '@sinclair/typebox';
import { Closed, Nullable, OneOf, Resource, Timestamp, Uuid } from '../openapi/schema';

const Json = Type.Record(Type.String(), Type.Unknown(), { description: 'free JSON' });

export const WorkloadSchema = Resource('Workload', {
  id: Uuid(),
  name: Type.String(),
  kind: OneOf(['service', 'job'] as const),
  status: OneOf(['active', 'archived'] as const),
  manifest: Json,
  created_at: Timestamp(),
});
export const workloadJson = (w: Workload): Static<typeof WorkloadSchema> => ({
  id: w.id,
  name: w.name,
  kind: w.kind,
  status: w.status,
  manifest: w.manifest,
  created_at: w.createdAt.toISOString(),
});

export const AppSchema = Resource('App', {
  id: Uuid(),
  workspace_id: Uuid(),
  name: Type.String(),
  slug: Type.String(),
  app_kind: OneOf(['shell_federated', 'standalone', 'coderunner'] as const),
  environment_id: Uuid(),
  primary_coderunner_id: Nullable(Uuid()),
  manifest: Json,
  git_repo_url: Nullable(Type.String()),
  visibility: OneOf(['workspace', 'restricted'] as const),
  status: OneOf(['active', 'archived'] as const),
  created_at: Timestamp(),
  updated_at: Timestamp(),
  archived_at: Nullable(Timestamp()),
});
export const appJson = (a: App): Static<typeof AppSchema> => ({
  id: a.id,
  workspace_id: a.workspaceId,
  name: a.name,
  slug: a.slug,
  app_kind: a.kind,
  environment_id: a.environmentId,
  primary_coderunner_id: a.primaryCoderunnerId,
  manifest: a.manifest,
  git_repo_url: a.gitRepoUrl,
  visibility: a.visibility,
  status: a.status,
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
  archived_at: a.archivedAt?.toISOString() ?? null,
});

const ShellReleaseSchema = Closed({
  release_id: Uuid(),
  label: Nullable(Type.String()),
  remote_entry_url: Type.String({ description: 'where the Shell loads the app from (public, immutable)' }),
});
const shellReleaseJson = (r: ShellRelease | null): Static<typeof ShellReleaseSchema> | null =>
  r ? { release_id: r.releaseId, label: r.label, remote_entry_url: r.remoteEntryUrl } : null;

export const ShellConfigSchema = Resource('ShellConfig', {
  app_id: Uuid(),
  slug: Type.String(),
  name: Type.String(),
  workspace_id: Uuid(),
  environment_id: Uuid(),
  app_kind: OneOf(['shell_federated'] as const),
  manifest: Json,
  release: Nullable(ShellReleaseSchema),
});
export const shellConfigJson = ({ app, release }: ShellConfig): Static<typeof ShellConfigSchema> => ({
  app_id: app.id,
  slug: app.slug,
  name: app.name,
  workspace_id: app.workspaceId,
  environment_id: app.environmentId,
  app_kind: 'shell_federated',
  manifest: app.manifest,
  release: shellReleaseJson(release),
});

export const PublicBootstrapSchema = Resource('PublicAppBootstrap', {
  app_id: Uuid(),
  slug: Type.String(),
  name: Type.String(),
  workspace_id: Uuid(),
  release: Nullable(ShellReleaseSchema),
});
export const publicBootstrapJson = (b: PublicBootstrap): Static<typeof PublicBootstrapSchema> => ({
  app_id: b.appId,
  slug: b.slug,
  name: b.name,
  workspace_id: b.workspaceId,
  release: shellReleaseJson(b.release),
});

const RoleGrantSchema = Closed({ role: Type.String(), action: Type.String() });

export const AppAccessSchema = Resource('AppAccess', {
  visibility: OneOf(['workspace', 'restricted'] as const),
  grants: Type.Array(Closed({ role: Type.String(), action: OneOf(['read'] as const) })),
});
export const appAccessJson = (a: AppAccessSetting): Static<typeof AppAccessSchema> => ({
  visibility: a.visibility,
  grants: a.grants.map((g) => ({ role: g.role, action: g.action })),
});

export const AppComparisonSchema = Resource('AppComparison', {
  source_environment_id: Uuid(),
  target_environment_id: Uuid(),
  apps: Type.Array(
    Closed({
      status: OneOf(['only_source', 'only_target', 'both_same', 'both_differ'] as const),
      source_app_id: Nullable(Uuid()),
      source_slug: Nullable(Type.String()),
      target_app_id: Nullable(Uuid()),
      target_slug: Nullable(Type.String()),
      source_release_id: Nullable(Uuid()),
      target_release_id: Nullable(Uuid()),
    }),
  ),
});
export const appComparisonJson = (
  source: string,
  target: string,
  apps: readonly AppComparison[],
): Static<typeof AppComparisonSchema> => ({
  source_environment_id: source,
  target_environment_id: target,
  apps: apps.map((c) => ({
    status: c.status,
    source_app_id: c.source?.id ?? null,
    source_slug: c.source?.slug ?? null,
    target_app_id: c.target?.id ?? null,
    target_slug: c.target?.slug ?? null,
    source_release_id: c.sourceRelease?.releaseId ?? null,
    target_release_id: c.targetRelease?.releaseId ?? null,
  })),
});

export const AppPromotionSchema = Resource('AppPromotion', {
  source_environment_id: Uuid(),
  target_environment_id: Uuid(),
  dry_run: Type.Boolean(),
  promoted: Type.Array(
    Closed({
      source_app_id: Uuid(),
      target_app_id: Nullable(Uuid('null in a dry run that would create the app')),
      created: Type.Boolean(),
      source_release_id: Nullable(Uuid()),
      release_id: Nullable(Uuid()),
    }),
  ),
  failed: Type.Array(Closed({ source_app_id: Type.String(), error: Type.String() })),
});
export const appPromotionJson = (r: AppPromotionResult): Static<typeof AppPromotionSchema> => ({
  source_environment_id: r.sourceEnvironmentId,
  target_environment_id: r.targetEnvironmentId,
  dry_run: r.dryRun,
  promoted: r.promoted.map((p) => ({
    source_app_id: p.sourceAppId,
    target_app_id: p.targetAppId,
    created: p.created,
    source_release_id: p.sourceReleaseId,
    release_id: p.releaseId,
  })),
  failed: r.failed.map((f) => ({ source_app_id: f.sourceAppId, error: f.error })),
});

export const CollectionSchema = Resource('DataCollection', { name: Type.String(), created_at: Timestamp() });
export const collectionJson = (c: DataCollection): Static<typeof CollectionSchema> => ({
  name: c.name,
  created_at: c.createdAt.toISOString(),
});

export const CollectionAclSchema = Resource('CollectionAcl', {
  grants: Type.Array(RoleGrantSchema),
  workload_grants: Type.Array(Closed({ coderunner_id: Uuid(), action: Type.String() })),
});
export const collectionAclJson = (acl: CollectionAcl): Static<typeof CollectionAclSchema> => ({
  grants: acl.grants.map((g) => ({ role: g.role, action: g.action })),
  workload_grants: acl.workloadGrants.map((g) => ({ coderunner_id: g.workloadId, action: g.action })),
});

export const AccessSchema = Resource('Access', {
  workspace_id: Uuid(),
  roles: Type.Array(Closed({ name: Type.String(), builtin: Type.Boolean() })),
  apps: Type.Array(
    Closed({ id: Uuid(), name: Type.String(), visibility: OneOf(['workspace', 'restricted'] as const) }),
  ),
  vault_grants: Type.Array(Closed({ role: Type.String(), collection: Type.String(), action: Type.String() })),
  files_grants: Type.Array(RoleGrantSchema),
  app_grants: Type.Array(Closed({ role: Type.String(), app_id: Uuid(), action: Type.String() })),
});
export const accessJson = (d: AccessDocument): Static<typeof AccessSchema> => ({
  workspace_id: d.workspaceId,
  roles: d.roles.map((r) => ({ name: r.name, builtin: r.builtin })),
  apps: d.apps.map((a) => ({ id: a.id, name: a.name, visibility: a.visibility })),
  vault_grants: d.vaultGrants.map((g) => ({ role: g.role, collection: g.collection, action: g.action })),
  files_grants: d.filesGrants.map((g) => ({ role: g.role, action: g.action })),
  app_grants: d.appGrants.map((g) => ({ role: g.role, app_id: g.appId, action: g.action })),
});
