import { authorizeWorkspaceChange } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import { invalid } from '../../shared/domain-error';
import { authorizeTeamRead } from '../app/read-access';
import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { requireDomainApp } from './domain-access';

/** The `coderunner/public` document. */
export interface AppPublicAccess {
  readonly public: boolean;
}

/** `GET /apps/{app_id}/coderunner/public` (read): `{public}`, false until set. */
export class GetAppPublicAccess {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { caller: Principal; workspaceId: string; appId: string }): Promise<AppPublicAccess> {
    const { read } = this.deps.uow;
    const { workspace } = await authorizeTeamRead(
      read,
      input.caller,
      input.workspaceId,
      'read',
      this.deps.clock.now(),
    );
    const app = await requireDomainApp(read, workspace.id, input.appId);
    const endpoint = await read.appEndpoints.find(app.id);
    return { public: endpoint?.public ?? false };
  }
}

/**
 * `PUT /apps/{app_id}/coderunner/public` (write) with `{public: boolean}`:
 * whether the app's endpoint answers callers without a platform token.
 * Audited when it changes; the same value again changes nothing.
 */
export class PutAppPublicAccess {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    appId: string;
    public: unknown;
    context: RequestContext;
  }): Promise<AppPublicAccess> {
    if (typeof input.public !== 'boolean')
      throw invalid('invalid_public', 'public must be true or false', [
        { field: 'public', message: 'must be a boolean' },
      ]);
    const wanted = input.public;
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'write',
        now,
      );
      const app = await requireDomainApp(tx, workspace.id, input.appId, { forUpdate: true });
      const endpoint = await tx.appEndpoints.find(app.id);
      if ((endpoint?.public ?? false) === wanted) return { public: wanted };
      await tx.appEndpoints.save({
        appId: app.id,
        workspaceId: workspace.id,
        public: wanted,
        updatedAt: now,
      });
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'app.public_changed',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'app', id: app.id },
        details: { public: wanted },
      });
      return { public: wanted };
    });
  }
}
