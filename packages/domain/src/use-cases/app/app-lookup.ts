import type { App } from '../../app/app';
import { appArchived, appEnvironmentRequired, appNotFound } from '../../app/app.errors';
import { DEFAULT_ENVIRONMENT, type Environment } from '../../environment/environment';
import type { Repositories } from '../../ports/repositories.port';
import { conflict, notFound } from '../../shared/domain-error';
import type { Workload } from '../../workload/workload';
import { workloadArchived, workloadNotAService, workloadNotFound } from '../../workload/workload.errors';

/** The app of this workspace with this id, archived or not; 404 `app_not_found` otherwise. */
export async function requireApp(
  repos: Repositories,
  workspaceId: string,
  appId: string,
  options: { forUpdate?: boolean } = {},
): Promise<App> {
  const app = options.forUpdate
    ? await repos.apps.findByIdForUpdate(workspaceId, appId)
    : await repos.apps.findById(workspaceId, appId);
  if (!app) throw appNotFound();
  return app;
}

/** 410 `app_archived` for an archived app (spec: App, release and domain routes). */
export function requireActiveApp(app: App): App {
  if (app.status === 'archived') throw appArchived();
  return app;
}

/**
 * Spec, Apps, create rules: the primary workload must exist in the
 * workspace (404), not be archived (409) and be a service (400).
 */
export async function requirePrimaryWorkload(
  repos: Repositories,
  workspaceId: string,
  workloadId: string,
): Promise<Workload> {
  const workload = await repos.workloads.findById(workspaceId, workloadId);
  if (!workload) throw workloadNotFound('primary_coderunner_id');
  if (workload.status === 'archived') throw workloadArchived('primary_coderunner_id');
  if (workload.kind !== 'service') throw workloadNotAService();
  return workload;
}

/** An active environment of the workspace: 404 when it is not one of its, 409 when inactive. */
export async function requireActiveEnvironment(
  repos: Repositories,
  workspaceId: string,
  environmentId: string,
): Promise<Environment> {
  const environment = await repos.environments.findById(workspaceId, environmentId);
  if (!environment) throw notFound('environment_not_found', 'no such environment in this workspace');
  if (environment.status !== 'active') {
    throw conflict('environment_inactive', `environment '${environment.name}' is inactive`);
  }
  return environment;
}

/**
 * Spec, App: an app targets the `dev` environment unless told otherwise,
 * or, when `dev` is gone or inactive, the only active environment. With
 * neither, the caller has to name one (422).
 */
export async function defaultEnvironment(repos: Repositories, workspaceId: string): Promise<Environment> {
  const active = (await repos.environments.listByWorkspace(workspaceId)).filter((e) => e.status === 'active');
  const dev = active.find((e) => e.name === DEFAULT_ENVIRONMENT);
  if (dev) return dev;
  const [only, ...more] = active;
  if (only && more.length === 0) return only;
  throw appEnvironmentRequired(active.length);
}
