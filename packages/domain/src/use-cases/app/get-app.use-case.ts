import type { App } from '../../app/app';
import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { requireApp } from './app-lookup';
import { authorizeTeamRead } from './read-access';

/** One app, archived or not. */
export class GetApp {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { caller: Principal; workspaceId: string; appId: string }): Promise<App> {
    const { read } = this.deps.uow;
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
