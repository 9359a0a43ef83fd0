import type { Organization } from '../organization/organization';
import { forbidden } from '../shared/domain-error';

export type WorkspaceStatus = 'active' | 'frozen';

export interface Workspace {
  readonly id: string;
  readonly organizationId: string;
  name: string;
  status: WorkspaceStatus;
  readonly createdAt: Date;
}

/**
 * Refuses a change on a frozen workspace or a suspended organization
 * (whose workspaces all count as frozen). Suspension is named first because
 * it is the cause the operator has to lift.
 */
export function requireNotFrozen(organization: Organization, workspace?: Workspace): void {
  if (organization.status === 'suspended') {
    throw forbidden('organization_suspended', 'the organization is suspended');
  }
  if (workspace && workspace.status === 'frozen') {
    throw forbidden('workspace_frozen', 'the workspace is frozen');
  }
}

/**
 * How a workspace reads to clients: a suspended organization's workspaces
 * count as frozen (supplement §2), so they read `frozen` while it lasts. The
 * stored status is untouched and comes back when the suspension is lifted.
 */
export function asSeenIn(workspace: Workspace, organization: Organization): Workspace {
  return organization.status === 'suspended' && workspace.status !== 'frozen'
    ? { ...workspace, status: 'frozen' }
    : workspace;
}
