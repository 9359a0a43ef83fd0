import { OPERATOR } from '../../audit/audit-event';
import { recordAudit } from '../../audit/record';
import type { Organization, PlanTier } from '../../organization/organization';
import { isLimitKey } from '../../quota/plan-limits';
import { invalid, notFound } from '../../shared/domain-error';
import { asSeenIn, type Workspace } from '../../workspace/workspace';
import type { Deps } from '../deps';

export class ListAllOrganizations {
  constructor(private readonly deps: Pick<Deps, 'uow'>) {}
  execute(): Promise<Organization[]> {
    return this.deps.uow.read.organizations.list();
  }
}

export class GetAnyOrganization {
  constructor(private readonly deps: Pick<Deps, 'uow'>) {}
  async execute(input: { organizationId: string }): Promise<Organization> {
    const organization = await this.deps.uow.read.organizations.findById(input.organizationId);
    if (!organization) throw notFound('organization_not_found', 'no such organization');
    return organization;
  }
}

/**
 * Plan tier, suspension and limit overrides. `limits` replaces the
 * organization's overrides: keys sent win over the plan (null = no ceiling),
 * keys not sent follow the plan again.
 */
export class UpdateOrganization {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    organizationId: string;
    planTier?: PlanTier;
    suspended?: boolean;
    limits?: Record<string, number | null>;
    ip: string | null;
  }): Promise<Organization> {
    if (input.limits) {
      for (const [key, value] of Object.entries(input.limits)) {
        if (!isLimitKey(key)) {
          throw invalid('unknown_limit_key', `'${key}' is not a limit key`, [
            { field: `limits.${key}`, message: 'unknown limit key' },
          ]);
        }
        if (value !== null && (!Number.isSafeInteger(value) || value < 0)) {
          throw invalid('invalid_limit', `limit '${key}' must be a whole number of 0 or more, or null`, [
            { field: `limits.${key}`, message: 'must be a whole number of 0 or more, or null' },
          ]);
        }
      }
    }
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const organization = await tx.organizations.findByIdForUpdate(input.organizationId);
      if (!organization) throw notFound('organization_not_found', 'no such organization');
      const changes: Record<string, unknown> = {};
      if (input.planTier !== undefined && input.planTier !== organization.planTier) {
        changes.plan_tier = { from: organization.planTier, to: input.planTier };
        organization.planTier = input.planTier;
      }
      if (input.suspended !== undefined) {
        const status = input.suspended ? 'suspended' : 'active';
        if (status !== organization.status) {
          changes.status = { from: organization.status, to: status };
          organization.status = status;
        }
      }
      if (input.limits !== undefined) {
        changes.limits = { from: organization.limitOverrides, to: input.limits };
        organization.limitOverrides = { ...input.limits };
      }
      if (Object.keys(changes).length === 0) return organization;
      await tx.organizations.save(organization);
      await recordAudit(tx, this.deps, { actor: OPERATOR, ip: input.ip }, now, {
        action: 'organization.updated',
        organizationId: organization.id,
        target: { type: 'organization', id: organization.id },
        details: changes,
      });
      return organization;
    });
  }
}

export class SetWorkspaceFrozen {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: { workspaceId: string; frozen: boolean; ip: string | null }): Promise<Workspace> {
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const workspace = await tx.workspaces.findById(input.workspaceId);
      if (!workspace) throw notFound('workspace_not_found', 'no such workspace');
      const organization = await tx.organizations.findById(workspace.organizationId);
      if (!organization) throw notFound('workspace_not_found', 'no such workspace');
      const status = input.frozen ? 'frozen' : 'active';
      if (workspace.status === status) return asSeenIn(workspace, organization);
      workspace.status = status;
      await tx.workspaces.save(workspace);
      await recordAudit(tx, this.deps, { actor: OPERATOR, ip: input.ip }, now, {
        action: input.frozen ? 'workspace.frozen' : 'workspace.unfrozen',
        organizationId: workspace.organizationId,
        workspaceId: workspace.id,
        target: { type: 'workspace', id: workspace.id },
      });
      return asSeenIn(workspace, organization);
    });
  }
}
