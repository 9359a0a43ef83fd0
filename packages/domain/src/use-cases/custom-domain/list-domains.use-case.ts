import type { CustomDomain } from '../../custom-domain/custom-domain';
import { authorizeTeamRead } from '../app/read-access';
import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { requireDomainApp } from './domain-access';

/** `GET /apps/{app_id}/coderunner/domains` (read): the app's domains, by name. */
export class ListDomains {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { caller: Principal; workspaceId: string; appId: string }): Promise<CustomDomain[]> {
    const { read } = this.deps.uow;
    const { workspace } = await authorizeTeamRead(
      read,
      input.caller,
      input.workspaceId,
      'read',
      this.deps.clock.now(),
    );
    const app = await requireDomainApp(read, workspace.id, input.appId);
    return read.customDomains.listByApp(app.id);
  }
}
