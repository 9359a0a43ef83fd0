import { authorizeWorkspace, authorizeWorkspaceChange } from '../../access/access-control';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import {
  ENVIRONMENT_STATUSES,
  type Environment,
  type EnvironmentStatus,
  requireEnvironmentName,
} from '../../environment/environment';
import { conflict, invalid, notFound } from '../../shared/domain-error';
import type { Deps } from '../deps';
import { CEILINGS, lockWorkspace, requireRoom } from '../workspace/workspace-ceilings';

const nameTaken = (name: string) =>
  conflict('environment_name_taken', `an environment named '${name}' already exists in this workspace`);

export class ListEnvironments {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { userId: string; workspaceId: string }): Promise<Environment[]> {
    const { read } = this.deps.uow;
    await authorizeWorkspace(read, input.userId, input.workspaceId, 'read', this.deps.clock.now());
    return read.environments.listByWorkspace(input.workspaceId);
  }
}

export class CreateEnvironment {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    name: string;
    context: RequestContext;
  }): Promise<Environment> {
    const name = requireEnvironmentName(input.name);
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      await lockWorkspace(tx, workspace.id);
      if (await tx.environments.findByName(workspace.id, name)) throw nameTaken(name);
      requireRoom(await tx.environments.countByWorkspace(workspace.id), CEILINGS.environments);
      const environment: Environment = {
        id: this.deps.ids.next(),
        workspaceId: workspace.id,
        name,
        status: 'active',
        createdAt: now,
      };
      await tx.environments.save(environment);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'environment.created',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'environment', id: environment.id },
        details: { name },
      });
      return environment;
    });
  }
}

export class UpdateEnvironment {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    environmentId: string;
    name?: string;
    status?: string;
    context: RequestContext;
  }): Promise<Environment> {
    const name = input.name === undefined ? undefined : requireEnvironmentName(input.name);
    if (input.status !== undefined && !(ENVIRONMENT_STATUSES as readonly string[]).includes(input.status)) {
      throw invalid('invalid_environment_status', 'status must be active or inactive', [
        { field: 'status', message: 'must be active or inactive' },
      ]);
    }
    const status = input.status as EnvironmentStatus | undefined;
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      // Renames of one workspace take turns, as creates do, so two renames to
      // one name cannot both pass the check below.
      if (name !== undefined) await lockWorkspace(tx, workspace.id);
      const environment = await tx.environments.findById(workspace.id, input.environmentId);
      if (!environment) throw notFound('environment_not_found', 'no such environment in this workspace');
      const changes: Record<string, unknown> = {};
      if (name !== undefined && name !== environment.name) {
        const clash = await tx.environments.findByName(workspace.id, name);
        if (clash && clash.id !== environment.id) throw nameTaken(name);
        changes.name = { from: environment.name, to: name };
        environment.name = name;
      }
      if (status !== undefined && status !== environment.status) {
        changes.status = { from: environment.status, to: status };
        environment.status = status;
      }
      if (Object.keys(changes).length === 0) return environment;
      await tx.environments.save(environment);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'environment.updated',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'environment', id: environment.id },
        details: changes,
      });
      return environment;
    });
  }
}
