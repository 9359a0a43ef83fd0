import { authorizeWorkspace } from '../../access/access-control';
import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { requireTeamCaller } from '../site-access/team-caller';
import { type AppAccessSetting, readAppAccess } from './app-access-setting';
import { requireApp } from './app-lookup';

/** Spec, Apps, GET /apps/{app_id}/access: ddl on the workspace, team members only. */
export class GetAppAccess {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { caller: Principal; workspaceId: string; appId: string }): Promise<AppAccessSetting> {
    const { userId } = requireTeamCaller(input.caller);
    const { read } = this.deps.uow;
    const { workspace } = await authorizeWorkspace(
      read,
      userId,
      input.workspaceId,
      'ddl',
      this.deps.clock.now(),
    );
    return readAppAccess(read, await requireApp(read, workspace.id, input.appId));
  }
}
