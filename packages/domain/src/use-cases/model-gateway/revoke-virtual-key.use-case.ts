import { authorizeWorkspace } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import type { Deps } from '../deps';
import { requireGateway } from './gateway-answer';

/**
 * DELETE `/llm/virtual-key` (administer): the current alias is deleted at
 * the gateway (POST `/key/delete`; its 404 means already gone). 204 also
 * when there is no key, without calling the gateway. Allowed while frozen
 * or suspended, as revocations are. 502 when the gateway cannot revoke.
 */
export class RevokeVirtualKey {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'modelGateway'>) {}

  async execute(input: { userId: string; workspaceId: string; context: RequestContext }): Promise<void> {
    const { read } = this.deps.uow;
    const { workspace, organization } = await authorizeWorkspace(
      read,
      input.userId,
      input.workspaceId,
      'administer',
      this.deps.clock.now(),
    );
    const alias = (await read.virtualKeys.find(workspace.id))?.currentAlias ?? null;
    if (!alias) return;
    requireGateway(await this.deps.modelGateway.deleteKeys([alias]), 'revoke');
    await this.deps.uow.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const record = await tx.virtualKeys.findForUpdate(workspace.id);
      if (record && record.currentAlias === alias) {
        record.currentAlias = null;
        record.updatedAt = now;
        await tx.virtualKeys.save(record);
      }
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'llm.virtual_key_revoked',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'virtual_key', id: alias },
        details: { key_alias: alias },
      });
    });
  }
}
