import { unauthenticated } from '../../shared/domain-error';
import type { CallerAuthenticator } from '../auth/principal';
import type { WorkloadPrincipal } from '../auth/workload-principal';
import type { Deps } from '../deps';
import { WORKLOAD_AUDIENCE } from './workload-token';

/**
 * Workload identity tokens. The workload row is read on every request, so
 * archiving a workload ends its tokens at once.
 */
export class AuthenticateWorkload implements CallerAuthenticator {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'signer'>) {}

  async authenticate(token: string): Promise<WorkloadPrincipal | null> {
    const claims = await this.deps.signer.verify(token, { audience: WORKLOAD_AUDIENCE });
    if (!claims) return null;
    if (
      claims.typ !== 'workload' ||
      typeof claims.sub !== 'string' ||
      typeof claims.workspace_id !== 'string'
    ) {
      throw unauthenticated('invalid_token', 'the access token is invalid or expired');
    }
    const workload = await this.deps.uow.read.workloads.findById(claims.workspace_id, claims.sub);
    if (workload?.status !== 'active') {
      throw unauthenticated('invalid_token', 'the workload was archived');
    }
    return { kind: 'workload', workloadId: workload.id, workspaceId: workload.workspaceId };
  }
}
