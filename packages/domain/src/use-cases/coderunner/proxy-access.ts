import { authorizeWorkspace, authorizeWorkspaceChange } from '../../access/access-control';
import type { App } from '../../app/app';
import { requireConfigured } from '../../coderunner/coderunner-answer';
import type { Organization } from '../../organization/organization';
import type { CodeRunnerCredentials } from '../../ports/code-runner.port';
import type { Workspace } from '../../workspace/workspace';
import type { Deps } from '../deps';
import { requireCoderunnerApp } from './coderunner-app';
import { coderunnerCredentials } from './coderunner-credentials';

export interface ProxyTarget {
  readonly userId: string;
  readonly workspaceId: string;
  readonly appSlug: string;
}

export interface AuthorizedProxy {
  readonly workspace: Workspace;
  readonly organization: Organization;
  readonly app: App;
  readonly as: CodeRunnerCredentials;
}

/**
 * The checks every proxy step makes before the upstream is called:
 * permission first (reads `read`; changes `write`, refused on a frozen
 * workspace unless `whileFrozen`), then the app, then whether a
 * code-execution service is configured at all (503, before any step's own
 * 409 about recorded ids), then the credentials.
 */
export async function authorizeProxy(
  deps: Pick<Deps, 'uow' | 'clock' | 'signer' | 'codeRunner'>,
  target: ProxyTarget,
  access: 'read' | 'change' | 'removal',
): Promise<AuthorizedProxy> {
  const { read } = deps.uow;
  const now = deps.clock.now();
  const { workspace, organization } =
    access === 'change'
      ? await authorizeWorkspaceChange(read, target.userId, target.workspaceId, 'write', now)
      : await authorizeWorkspace(
          read,
          target.userId,
          target.workspaceId,
          access === 'read' ? 'read' : 'write',
          now,
        );
  const app = await requireCoderunnerApp(read, workspace.id, target.appSlug);
  requireConfigured(deps.codeRunner);
  const as = await coderunnerCredentials(deps.signer, workspace.id, target.userId);
  return { workspace, organization, app, as };
}
