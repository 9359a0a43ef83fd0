import type { RequestContext } from '../../audit/record';
import { recordAudit } from '../../audit/record';
import {
  isPlatformManaged,
  PLATFORM_MANAGED_SECRET_KEYS,
  requireSecretDescription,
  requireSecretKey,
  requireSecretValue,
  type Secret,
} from '../../secret/secret';
import { forbidden, notFound } from '../../shared/domain-error';
import { requireNotFrozen } from '../../workspace/workspace';
import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { CEILINGS, lockWorkspace, requireRoom } from '../workspace/workspace-ceilings';
import { authorizeSecrets, requireEnvironment } from './secret-access';
import { openSecret, type SecretPlace, sealSecret } from './secret-store';

interface SetInput {
  readonly caller: Principal;
  readonly workspaceId: string;
  /** null: the workspace-wide set. */
  readonly environmentId: string | null;
}

const secretNotFound = () => notFound('secret_not_found', 'no such secret in this set');
const platformManaged = (key: string) =>
  forbidden('platform_managed_secret', `${key} is managed by the platform and cannot be changed or deleted`);

/** Secret keys and descriptions of one set, without values and without platform-managed keys. */
export class ListSecrets {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: SetInput): Promise<Secret[]> {
    const { read } = this.deps.uow;
    await authorizeSecrets(read, input.caller, input.workspaceId, 'list', this.deps.clock.now());
    if (input.environmentId) await requireEnvironment(read, input.workspaceId, input.environmentId);
    const secrets = await read.secrets.listSet(input.workspaceId, input.environmentId);
    return secrets.filter((s) => !isPlatformManaged(s.key));
  }
}

/** One value in the clear; every reveal is an audit event. */
export class RevealSecret {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'kms'>) {}

  async execute(
    input: SetInput & { key: string; context: RequestContext },
  ): Promise<{ secret: Secret; value: string }> {
    // Spec, Secret: a key outside the rule is 422, wherever it is given.
    const key = requireSecretKey(input.key);
    const now = this.deps.clock.now();
    // A reveal changes nothing but the log: it authorizes and reads like any
    // read (the access check from the notified cache), and the value leaves
    // only once its audit event has committed. The event is one row written
    // by one statement, atomic on its own: no transaction around it.
    const { read } = this.deps.uow;
    const { organization } = await authorizeSecrets(read, input.caller, input.workspaceId, 'reveal', now);
    const secret = await read.secrets.find(input.workspaceId, input.environmentId, key);
    if (!secret) {
      // A secret of an environment proves that environment is the workspace's
      // (environments are never deleted on their own): only a miss asks which 404 it is.
      if (input.environmentId) await requireEnvironment(read, input.workspaceId, input.environmentId);
      throw secretNotFound();
    }
    const value = await openSecret(this.deps.kms, secret, secret.sealed);
    await recordAudit(read, this.deps, input.context, now, {
      action: 'secret.revealed',
      organizationId: organization.id,
      workspaceId: input.workspaceId,
      target: { type: 'secret', id: secret.id },
      details: { name: secret.key, environment_id: secret.environmentId },
    });
    return { secret, value };
  }
}

/**
 * Creates or replaces one value. It is sealed before the transaction starts,
 * so a key store that cannot be reached leaves nothing written.
 */
export class UpsertSecret {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'kms'>) {}

  async execute(
    input: SetInput & {
      key: string;
      value: string;
      /** Omitted keeps the current description (none on create); null clears it. */
      description?: string | null;
      context: RequestContext;
    },
  ): Promise<{ secret: Secret; created: boolean }> {
    const key = requireSecretKey(input.key);
    const value = requireSecretValue(input.value);
    const description =
      input.description === undefined || input.description === null
        ? input.description
        : requireSecretDescription(input.description);
    const now = this.deps.clock.now();
    // Sealed under the stored (canonical) ids, never the ids as typed: an
    // upper-case UUID in the request must not make the value unopenable.
    const { organization, place } = await this.authorize(input, key, now);
    const sealed = await sealSecret(this.deps.kms, place, value);
    return this.deps.uow.transaction(async (tx) => {
      await this.authorize(input, key, now, tx);
      await lockWorkspace(tx, place.workspaceId);
      const existing = await tx.secrets.findForUpdate(place.workspaceId, place.environmentId, key);
      if (!existing) {
        const held = await tx.secrets.countSet(
          place.workspaceId,
          place.environmentId,
          PLATFORM_MANAGED_SECRET_KEYS,
        );
        requireRoom(held, CEILINGS.secrets);
      }
      const secret: Secret = existing
        ? {
            ...existing,
            sealed,
            description: description === undefined ? existing.description : description,
            updatedAt: now,
          }
        : {
            id: this.deps.ids.next(),
            ...place,
            description: description ?? null,
            sealed,
            createdAt: now,
            updatedAt: now,
          };
      await tx.secrets.save(secret);
      await recordAudit(tx, this.deps, input.context, now, {
        action: existing ? 'secret.updated' : 'secret.created',
        organizationId: organization.id,
        workspaceId: place.workspaceId,
        target: { type: 'secret', id: secret.id },
        details: { name: key, environment_id: place.environmentId },
      });
      return { secret, created: !existing };
    });
  }

  /** Checked before sealing (no KMS call for a refused request) and again inside the transaction. */
  private async authorize(input: SetInput, key: string, now: Date, tx = this.deps.uow.read) {
    const access = await authorizeSecrets(tx, input.caller, input.workspaceId, 'upsert', now);
    requireNotFrozen(access.organization, access.workspace);
    const environment = input.environmentId
      ? await requireEnvironment(tx, input.workspaceId, input.environmentId)
      : null;
    if (isPlatformManaged(key)) throw platformManaged(key);
    const place: SecretPlace = {
      workspaceId: access.workspace.id,
      environmentId: environment?.id ?? null,
      key,
    };
    return { ...access, place };
  }
}

export class DeleteSecret {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: SetInput & { key: string; context: RequestContext }): Promise<void> {
    const key = requireSecretKey(input.key);
    const now = this.deps.clock.now();
    await this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeSecrets(
        tx,
        input.caller,
        input.workspaceId,
        'delete',
        now,
      );
      requireNotFrozen(organization, workspace);
      if (input.environmentId) await requireEnvironment(tx, input.workspaceId, input.environmentId);
      if (isPlatformManaged(key)) throw platformManaged(key);
      const secret = await tx.secrets.findForUpdate(input.workspaceId, input.environmentId, key);
      if (!secret) throw secretNotFound();
      await tx.secrets.delete(secret.id);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'secret.deleted',
        organizationId: organization.id,
        workspaceId: input.workspaceId,
        target: { type: 'secret', id: secret.id },
        details: { name: secret.key, environment_id: secret.environmentId },
      });
    });
  }
}
