import { authorizeWorkspace, authorizeWorkspaceChange } from '../../access/access-control';
import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import { type M2mClient, requireM2mScopes } from '../../m2m/m2m-client';
import { notFound } from '../../shared/domain-error';
import { requireName } from '../../shared/text';
import type { Deps } from '../deps';
import { CEILINGS, lockWorkspace, requireRoom } from '../workspace/workspace-ceilings';

/** Supplement §6: the secret is returned once here and stored only as a hash. */
export class CreateM2mClient {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'secretTokens'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    name: string;
    scopes: readonly string[];
    context: RequestContext;
  }): Promise<{ client: M2mClient; clientSecret: string }> {
    const name = requireName(input.name);
    const scopes = requireM2mScopes(input.scopes);
    const now = this.deps.clock.now();
    const clientSecret = this.deps.secretTokens.generate();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      await lockWorkspace(tx, workspace.id);
      requireRoom(await tx.m2mClients.countByWorkspace(workspace.id), CEILINGS.m2mClients);
      const client: M2mClient = {
        id: this.deps.ids.next(),
        workspaceId: workspace.id,
        name,
        secretHash: this.deps.secretTokens.hash(clientSecret),
        scopes,
        createdAt: now,
      };
      await tx.m2mClients.save(client);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'm2m_client.created',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'm2m_client', id: client.id },
        details: { name, scopes },
      });
      return { client, clientSecret };
    });
  }
}

export class ListM2mClients {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { userId: string; workspaceId: string }): Promise<M2mClient[]> {
    const { read } = this.deps.uow;
    await authorizeWorkspace(read, input.userId, input.workspaceId, 'read', this.deps.clock.now());
    return read.m2mClients.listByWorkspace(input.workspaceId);
  }
}

/**
 * Its tokens stop working at once: every M2M request reads the client row.
 * Allowed on a frozen workspace, like every other revocation.
 */
export class DeleteM2mClient {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    clientId: string;
    context: RequestContext;
  }): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspace(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      const client = await tx.m2mClients.findById(input.clientId);
      if (!client || client.workspaceId !== workspace.id) {
        throw notFound('m2m_client_not_found', 'no such M2M client in this workspace');
      }
      await tx.m2mClients.delete(client.id);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'm2m_client.deleted',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'm2m_client', id: client.id },
        details: { name: client.name },
      });
    });
  }
}
