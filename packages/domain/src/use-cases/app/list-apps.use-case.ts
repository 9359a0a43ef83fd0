import type { App } from '../../app/app';
import { kindsForFilter } from '../../app/app-kind-filter';
import { Limits } from '../../shared/limits';
import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { appUserWorkspace, launchableOnly } from './app-user-launch';
import { authorizeTeamRead } from './read-access';

/**
 * Spec, Apps, GET /apps: product apps by default, archived ones on request,
 * at most 200. An app user's token lists only the active apps their roles may launch.
 */
export class ListApps {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: {
    caller: Principal;
    workspaceId: string;
    kind?: string;
    includeArchived?: boolean;
  }): Promise<App[]> {
    const kinds = kindsForFilter(input.kind);
    const { read } = this.deps.uow;
    if (input.caller.kind === 'app_user') {
      // App users see the active apps they may launch, nothing archived.
      const workspace = await appUserWorkspace(read, input.caller, input.workspaceId);
      const apps = await read.apps.list({
        workspaceId: workspace.id,
        kinds,
        includeArchived: false,
        limit: Limits.appsListed,
      });
      return launchableOnly(read, input.caller, apps);
    }
    const { workspace } = await authorizeTeamRead(
      read,
      input.caller,
      input.workspaceId,
      'read',
      this.deps.clock.now(),
    );
    return read.apps.list({
      workspaceId: workspace.id,
      kinds,
      includeArchived: input.includeArchived ?? false,
      limit: Limits.appsListed,
    });
  }
}
