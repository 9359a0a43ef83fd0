import { authorizeWorkspace } from '../../access/access-control';
import { hostClaimExpired } from '../../sign-in/sign-in-host';
import type { Deps } from '../deps';
import { clearExpiredHostClaim, loadSignInConfig, type SignInConfigView } from './sign-in-config-store';

/**
 * `GET /auth` (read): the workspace's sign-in configuration; the default
 * (mode `none`) when never configured. An expired pending host claim is
 * cleared on the way (a short write transaction of its own).
 */
export class GetSignInConfig {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: { userId: string; workspaceId: string }): Promise<SignInConfigView> {
    const now = this.deps.clock.now();
    const { read } = this.deps.uow;
    const { workspace, organization } = await authorizeWorkspace(
      read,
      input.userId,
      input.workspaceId,
      'read',
      now,
    );
    let config = await loadSignInConfig(read, workspace.id, now);
    if (hostClaimExpired(config.host, now)) {
      config = await this.deps.uow.transaction(async (tx) => {
        const locked = await loadSignInConfig(tx, workspace.id, now, { forUpdate: true });
        await clearExpiredHostClaim(tx, this.deps, locked, organization.id, now);
        return locked;
      });
    }
    return { config, organizationName: organization.name, workspaceName: workspace.name };
  }
}
