import { authorizeWorkspace } from '../../access/access-control';
import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { type AccessDocument, readAccessDocument } from './access-document';
import { requireTeamCaller } from './team-caller';

/** Spec, Access, GET (read): team members only. */
export class GetAccess {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { caller: Principal; workspaceId: string }): Promise<AccessDocument> {
    const { userId } = requireTeamCaller(input.caller);
    const { read } = this.deps.uow;
    const { workspace } = await authorizeWorkspace(
      read,
      userId,
      input.workspaceId,
      'read',
      this.deps.clock.now(),
    );
    return readAccessDocument(read, workspace.id);
  }
}
