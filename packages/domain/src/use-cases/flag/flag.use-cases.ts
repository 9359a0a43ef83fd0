import { authorizeWorkspace, authorizeWorkspaceChange } from '../../access/access-control';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { type Flag, requireFlagKey, requireFlagValue } from '../../flag/flag';
import type { Repositories } from '../../ports/repositories.port';
import { forbidden, notFound } from '../../shared/domain-error';
import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { CEILINGS, lockWorkspace, requireRoom } from '../workspace/workspace-ceilings';

/**
 * Who may read flags: team members with `read`, M2M tokens of the workspace
 * whatever their scopes (spec: M2M tokens are "read-only on flags"),
 * workload tokens of the workspace (supplement §3), and app users' tokens of
 * the workspace (the runtime values only: its route is the one that takes them).
 */
async function authorizeFlagRead(
  read: Repositories,
  caller: Principal,
  workspaceId: string,
  now: Date,
): Promise<void> {
  if (caller.kind === 'team') {
    await authorizeWorkspace(read, caller.userId, workspaceId, 'read', now);
  } else if (caller.workspaceId !== workspaceId.toLowerCase()) {
    const token = { m2m: 'an M2M', workload: 'a workload', app_user: "an app user's" }[caller.kind];
    throw forbidden('permission_denied', `${token} token works only in its own workspace`);
  } else if (!(await read.workspaces.findById(workspaceId))) {
    throw notFound('workspace_not_found', 'no such workspace');
  }
}

/** Supplement §18: every flag with its value and last change. */
export class ListFlags {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { caller: Principal; workspaceId: string }): Promise<Flag[]> {
    const { read } = this.deps.uow;
    await authorizeFlagRead(read, input.caller, input.workspaceId, this.deps.clock.now());
    return read.flags.listByWorkspace(input.workspaceId);
  }
}

export class PutFlag {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    key: string;
    value: unknown;
    context: RequestContext;
  }): Promise<Flag> {
    const key = requireFlagKey(input.key);
    const value = requireFlagValue(input.value);
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'write',
        now,
      );
      await lockWorkspace(tx, workspace.id);
      const existing = await tx.flags.find(workspace.id, key);
      if (!existing) requireRoom(await tx.flags.countByWorkspace(workspace.id), CEILINGS.flags);
      const flag: Flag = { workspaceId: workspace.id, key, value, updatedAt: now };
      await tx.flags.save(flag);
      await recordAudit(tx, this.deps, input.context, now, {
        action: existing ? 'flag.updated' : 'flag.created',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'flag', id: key },
      });
      return flag;
    });
  }
}

export class DeleteFlag {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    key: string;
    context: RequestContext;
  }): Promise<void> {
    const key = requireFlagKey(input.key);
    const now = this.deps.clock.now();
    await this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'write',
        now,
      );
      if (!(await tx.flags.delete(workspace.id, key))) {
        throw notFound('flag_not_found', 'no such flag in this workspace');
      }
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'flag.deleted',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'flag', id: key },
      });
    });
  }
}

/**
 * The compact key-to-value read apps poll (spec: "Other routes referenced"):
 * team members with `read`, M2M tokens of the workspace whatever their scopes.
 */
export class RuntimeFlags {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { caller: Principal; workspaceId: string }): Promise<Record<string, unknown>> {
    const { read } = this.deps.uow;
    await authorizeFlagRead(read, input.caller, input.workspaceId, this.deps.clock.now());
    const flags = await read.flags.listByWorkspace(input.workspaceId);
    return Object.fromEntries(flags.map((f) => [f.key, f.value]));
  }
}
