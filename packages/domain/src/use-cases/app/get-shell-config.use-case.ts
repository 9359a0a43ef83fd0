import { appNotShellFederated } from '../../app/app.errors';
import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { requireActiveApp, requireApp } from './app-lookup';
import { appUserWorkspace, requireLaunchable } from './app-user-launch';
import { authorizeTeamRead } from './read-access';
import { type ShellConfig, shellConfigOf } from './shell-config';

/**
 * Spec, Apps, GET /apps/{app_id}/shell-config: the authenticated Shell
 * bootstrap. Only `shell_federated` apps have one (400 otherwise, as for
 * releases); an archived app is 410.
 */
export class GetShellConfig {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'settings'>) {}

  async execute(input: { caller: Principal; workspaceId: string; appId: string }): Promise<ShellConfig> {
    const { read } = this.deps.uow;
    const workspace =
      input.caller.kind === 'app_user'
        ? await appUserWorkspace(read, input.caller, input.workspaceId)
        : (await authorizeTeamRead(read, input.caller, input.workspaceId, 'read', this.deps.clock.now()))
            .workspace;
    const app = requireActiveApp(await requireApp(read, workspace.id, input.appId));
    if (app.kind !== 'shell_federated') throw appNotShellFederated();
    if (input.caller.kind === 'app_user') await requireLaunchable(read, input.caller, app);
    return shellConfigOf(read, this.deps.settings, app);
  }
}
