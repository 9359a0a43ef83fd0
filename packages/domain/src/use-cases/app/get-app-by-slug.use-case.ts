import { appNotFound } from '../../app/app.errors';
import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { appUserWorkspace, requireLaunchable } from './app-user-launch';
import { authorizeTeamRead } from './read-access';
import { type ShellConfig, shellConfigOf } from './shell-config';

/**
 * Spec, Apps, GET /apps/by-slug: the Shell configuration of an active
 * `shell_federated` app; any other slug is 404, so a Shell host never
 * mounts an archived app or one it cannot load.
 */
export class GetAppBySlug {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'settings'>) {}

  async execute(input: { caller: Principal; workspaceId: string; slug: string }): Promise<ShellConfig> {
    const { read } = this.deps.uow;
    const workspace =
      input.caller.kind === 'app_user'
        ? await appUserWorkspace(read, input.caller, input.workspaceId)
        : (await authorizeTeamRead(read, input.caller, input.workspaceId, 'read', this.deps.clock.now()))
            .workspace;
    const app = await read.apps.findBySlug(workspace.id, input.slug);
    if (app?.kind !== 'shell_federated' || app.status !== 'active') throw appNotFound();
    if (input.caller.kind === 'app_user') await requireLaunchable(read, input.caller, app);
    return shellConfigOf(read, this.deps.settings, app);
  }
}
