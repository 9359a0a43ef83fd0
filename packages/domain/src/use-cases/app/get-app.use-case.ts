import type { App } from '../../app/app';
import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { requireApp } from './app-lookup';
import { appUserWorkspace, requireLaunchable } from './app-user-launch';
import { authorizeTeamRead } from './read-access';

/** One app, archived or not; for an app user's token, only one they may launch (404 otherwise). */
export class GetApp {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { caller: Principal; workspaceId: string; appId: string }): Promise<App> {
    const { read } = this.deps.uow;
    if (input.caller.kind === 'app_user') {
      const workspace = await appUserWorkspace(read, input.caller, input.workspaceId);
      return requireLaunchable(read, input.caller, await requireApp(read, workspace.id, input.appId));
    }
    const { workspace } = await authorizeTeamRead(
      read,
      input.caller,
      input.workspaceId,
      'read',
      this.deps.clock.now(),
    );
    return requireApp(read, workspace.id, input.appId);
  }
}
