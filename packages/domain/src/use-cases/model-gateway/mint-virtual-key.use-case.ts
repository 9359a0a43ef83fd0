import { authorizeWorkspaceChange } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import { keyAlias, type VirtualKey } from '../../model-gateway/virtual-key';
import type { UpstreamFailure } from '../../ports/upstream-result';
import type { Deps } from '../deps';
import { requireGateway } from './gateway-answer';

/** Failures after which the gateway may have made the key anyway. */
const MAY_HAVE_MINTED: ReadonlySet<UpstreamFailure['failure']> = new Set([
  'timeout',
  'server_error',
  'invalid_answer',
]);

/**
 * POST `/llm/virtual-key` (administer), supplement §14: a new key under the
 * next alias `<workspace_id>:<n>`, then the previous alias is deleted at the
 * gateway, so after a 200 only the new key works. The key is answered once
 * and never stored, logged or audited. Refused while frozen or suspended.
 *
 * No transaction is held open while the gateway is called: the alias number
 * is reserved first (under the workspace row lock, so two mints never share
 * one), and the new alias is recorded after. If the previous key cannot be
 * deleted, the new one is deleted again and the answer is 502: nothing changed.
 * A mint the gateway may have carried out without answering is deleted too.
 */
export class MintVirtualKey {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'modelGateway'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    context: RequestContext;
  }): Promise<{ virtual_key: string }> {
    const { alias, previous, workspaceId, organizationId } = await this.deps.uow.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      await tx.workspaces.findByIdForUpdate(workspace.id);
      const known = await tx.virtualKeys.findForUpdate(workspace.id);
      const record: VirtualKey = known ?? {
        workspaceId: workspace.id,
        aliasCount: 0,
        currentAlias: null,
        updatedAt: now,
      };
      record.aliasCount += 1;
      record.updatedAt = now;
      await tx.virtualKeys.save(record);
      return {
        alias: keyAlias(workspace.id, record.aliasCount),
        previous: record.currentAlias,
        workspaceId: workspace.id,
        organizationId: organization.id,
      };
    });

    const gateway = this.deps.modelGateway;
    const generated = await gateway.generateKey({ alias, workspaceId });
    // A gateway that timed out, failed or answered oddly may have made the
    // key all the same: its alias is deleted again, so no key that nobody
    // was given stays valid.
    if (!generated.ok && MAY_HAVE_MINTED.has(generated.failure)) await gateway.deleteKeys([alias]);
    const key = requireGateway(generated, 'mint');
    if (previous) {
      const deleted = await gateway.deleteKeys([previous]);
      if (!deleted.ok) {
        await gateway.deleteKeys([alias]);
        requireGateway(deleted, 'mint');
      }
    }

    const superseded = await this.deps.uow.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const record = await tx.virtualKeys.findForUpdate(workspaceId);
      if (!record) throw new Error('the virtual key record reserved before minting is gone');
      // Another mint that finished meanwhile made its key current: this one, newer, replaces it.
      const other = record.currentAlias !== previous ? record.currentAlias : null;
      record.currentAlias = alias;
      record.updatedAt = now;
      await tx.virtualKeys.save(record);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'llm.virtual_key_minted',
        organizationId,
        workspaceId,
        target: { type: 'virtual_key', id: alias },
        details: { key_alias: alias, previous_key_alias: previous },
      });
      return other;
    });
    if (superseded) await gateway.deleteKeys([superseded]);
    return { virtual_key: key };
  }
}
