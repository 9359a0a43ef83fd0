import {
  authorizeOrganization,
  authorizeWorkspace,
  authorizeWorkspaceChange,
  OrganizationAccess,
} from '../../access/access-control';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { DEFAULT_ENVIRONMENT, type Environment } from '../../environment/environment';
import { limitFor } from '../../quota/plan-limits';
import { conflict, forbidden, notFound } from '../../shared/domain-error';
import { requireName } from '../../shared/text';
import { asSeenIn, requireNotFrozen, type Workspace } from '../../workspace/workspace';
import type { Deps } from '../deps';
import { createPlatformSecrets } from '../secret/platform-secrets';

/**
 * Creates a workspace with its active `dev` environment. The organization row
 * is locked while counting, so two concurrent creations cannot both slip
 * under the `workspaces` limit.
 */
export class CreateWorkspace {
  constructor(
    private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'settings' | 'kms' | 'secretTokens'>,
  ) {}

  async execute(input: {
    userId: string;
    organizationId: string;
    name: string;
    context: RequestContext;
  }): Promise<Workspace> {
    const name = requireName(input.name);
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const locked = await tx.organizations.findByIdForUpdate(input.organizationId);
      if (!locked) throw notFound('organization_not_found', 'no such organization');
      const { organization } = await authorizeOrganization(tx, input.userId, locked.id, 'administer', now);
      requireNotFrozen(organization);
      const limit = limitFor(
        this.deps.settings.planLimits,
        organization.planTier,
        organization.limitOverrides,
        'workspaces',
      );
      const count = await tx.workspaces.countByOrganization(organization.id);
      if (limit !== null && count >= limit) {
        throw conflict('quota_exceeded', `the organization has reached its limit of ${limit} workspaces`);
      }
      const workspace: Workspace = {
        id: this.deps.ids.next(),
        organizationId: organization.id,
        name,
        status: 'active',
        createdAt: now,
      };
      await tx.workspaces.save(workspace);
      const environment: Environment = {
        id: this.deps.ids.next(),
        workspaceId: workspace.id,
        name: DEFAULT_ENVIRONMENT,
        status: 'active',
        createdAt: now,
      };
      await tx.environments.save(environment);
      await createPlatformSecrets(tx, this.deps, workspace.id, now);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'workspace.created',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'workspace', id: workspace.id },
        details: { name },
      });
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'environment.created',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'environment', id: environment.id },
        details: { name: environment.name },
      });
      return workspace;
    });
  }
}

/** The organization's workspaces that the caller can read. */
export class ListWorkspaces {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { userId: string; organizationId: string }): Promise<Workspace[]> {
    const { read } = this.deps.uow;
    const organization = await read.organizations.findById(input.organizationId);
    if (!organization) throw notFound('organization_not_found', 'no such organization');
    const memberships = await read.memberships.listForUserInOrganization(input.userId, organization.id);
    const access = OrganizationAccess.from(memberships, organization.id, this.deps.clock.now());
    if (!access.isInsider) {
      throw forbidden('permission_denied', "this action needs the 'read' permission on the organization");
    }
    const workspaces = await read.workspaces.listByOrganization(organization.id);
    return workspaces.filter((w) => access.onWorkspace(w.id, 'read')).map((w) => asSeenIn(w, organization));
  }
}

export class GetWorkspace {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { userId: string; workspaceId: string }): Promise<Workspace> {
    const { workspace, organization } = await authorizeWorkspace(
      this.deps.uow.read,
      input.userId,
      input.workspaceId,
      'read',
      this.deps.clock.now(),
    );
    return asSeenIn(workspace, organization);
  }
}

export class RenameWorkspace {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    name: string;
    context: RequestContext;
  }): Promise<Workspace> {
    const name = requireName(input.name);
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      const before = workspace.name;
      workspace.name = name;
      await tx.workspaces.save(workspace);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'workspace.renamed',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'workspace', id: workspace.id },
        details: { from: before, to: name },
      });
      return workspace;
    });
  }
}
