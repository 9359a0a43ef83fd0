import { authorizeWorkspace, authorizeWorkspaceChange } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import type { Repositories } from '../../ports/repositories.port';
import { Limits } from '../../shared/limits';
import { utf8Encode } from '../../shared/utf8';
import {
  invalidSsoConnection,
  multiTenantOff,
  ssoConnectionNotFound,
  tenantNotFound,
} from '../../sso/sso.errors';
import type { SsoConnection } from '../../sso/sso-connection';
import {
  requireSsoFields,
  requireSsoProtocol,
  type SsoConnectionInput,
  ssoClientSecretContext,
} from '../../sso/sso-connection-input';
import type { Deps } from '../deps';
import { loadSignInConfig } from '../sign-in/sign-in-config-store';
import { lockWorkspace, requireRoom } from '../workspace/workspace-ceilings';

const CEILING = { limit: Limits.ssoConnectionsPerWorkspace, what: 'SSO connections per workspace' };

async function requireConnection(
  repos: Repositories,
  workspaceId: string,
  id: string,
  forUpdate = false,
): Promise<SsoConnection> {
  const found = forUpdate
    ? await repos.ssoConnections.findByIdForUpdate(workspaceId, id)
    : await repos.ssoConnections.findById(workspaceId, id);
  if (!found) throw ssoConnectionNotFound();
  return found;
}

/** `GET /auth/sso` (read): the workspace's connections, oldest first; never a client secret. */
export class ListSsoConnections {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { userId: string; workspaceId: string }): Promise<SsoConnection[]> {
    const { read } = this.deps.uow;
    const { workspace } = await authorizeWorkspace(
      read,
      input.userId,
      input.workspaceId,
      'read',
      this.deps.clock.now(),
    );
    return read.ssoConnections.list(workspace.id);
  }
}

export interface CreateSsoConnectionInput extends SsoConnectionInput {
  readonly userId: string;
  readonly workspaceId: string;
  /** A tenant of the workspace (multi-tenant on, else 409; unknown tenant 404). */
  readonly organizationId?: string | null;
  readonly context: RequestContext;
}

/**
 * `POST /auth/sso` (administer): an OIDC or SAML connection, enabled unless
 * said otherwise. `client_secret` (OIDC) is sealed and write-only. At most
 * 50 per workspace (409 `limit_reached`).
 */
export class CreateSsoConnection {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'kms'>) {}

  async execute(input: CreateSsoConnectionInput): Promise<SsoConnection> {
    const protocol = requireSsoProtocol(input.protocol);
    const fields = requireSsoFields(protocol, input, null);
    const now = this.deps.clock.now();
    await authorizeWorkspaceChange(this.deps.uow.read, input.userId, input.workspaceId, 'administer', now);
    const id = this.deps.ids.next();
    const clientSecret =
      typeof fields.clientSecret === 'string'
        ? await this.deps.kms.seal(
            utf8Encode(fields.clientSecret),
            ssoClientSecretContext(input.workspaceId, id),
          )
        : null;
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      await lockWorkspace(tx, workspace.id);
      let organizationId: string | null = null;
      if (input.organizationId != null) {
        const config = await loadSignInConfig(tx, workspace.id, now);
        if (!config.multiTenant.enabled) throw multiTenantOff();
        // Locked, so a tenant deleted meanwhile is 404 rather than a broken link.
        const tenant = await tx.tenants.findByIdForUpdate(workspace.id, input.organizationId.toLowerCase());
        if (!tenant) throw tenantNotFound();
        organizationId = tenant.id;
      }
      requireRoom((await tx.ssoConnections.list(workspace.id)).length, CEILING);
      const connection: SsoConnection = {
        id,
        workspaceId: workspace.id,
        protocol,
        name: fields.name as string,
        enabled: fields.enabled ?? true,
        settings: { ...fields.settings },
        clientSecret,
        organizationId,
        createdAt: now,
        updatedAt: now,
      };
      await tx.ssoConnections.save(connection);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'sso_connection.created',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'sso_connection', id },
        details: {
          name: connection.name,
          protocol,
          enabled: connection.enabled,
          organization_id: organizationId,
          client_secret: clientSecret ? 'set' : 'none',
        },
      });
      return connection;
    });
  }
}

export interface UpdateSsoConnectionInput extends SsoConnectionInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly connectionId: string;
  readonly context: RequestContext;
}

/**
 * `PATCH /auth/sso/{connection_id}` (administer): changes the fields sent;
 * `client_secret` replaces the secret (null removes it). The protocol and
 * the tenant stay as created.
 */
export class UpdateSsoConnection {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'kms'>) {}

  async execute(input: UpdateSsoConnectionInput): Promise<SsoConnection> {
    const now = this.deps.clock.now();
    const seen = await (async () => {
      const { read } = this.deps.uow;
      const { workspace } = await authorizeWorkspaceChange(
        read,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      return requireConnection(read, workspace.id, input.connectionId);
    })();
    if (input.protocol !== undefined && input.protocol !== seen.protocol)
      throw invalidSsoConnection([
        { field: 'protocol', message: 'cannot change: create a new connection instead' },
      ]);
    const fields = requireSsoFields(seen.protocol, input, seen.settings);
    const sealed =
      typeof fields.clientSecret === 'string'
        ? await this.deps.kms.seal(
            utf8Encode(fields.clientSecret),
            ssoClientSecretContext(seen.workspaceId, seen.id),
          )
        : fields.clientSecret;
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      const current = await requireConnection(tx, workspace.id, input.connectionId, true);
      // Fields not sent keep what is stored now, not what was read before the lock.
      const merged = requireSsoFields(current.protocol, input, current.settings);
      const next: SsoConnection = {
        ...current,
        name: merged.name ?? current.name,
        enabled: merged.enabled ?? current.enabled,
        settings: { ...merged.settings },
        clientSecret: sealed === undefined ? current.clientSecret : sealed,
        updatedAt: now,
      };
      // What differs from what is stored, by value: a field sent unchanged is no change.
      const settingsBefore = current.settings as Record<string, unknown>;
      const settingsAfter = next.settings as Record<string, unknown>;
      const changed = [
        ...(next.name !== current.name ? ['name'] : []),
        ...(next.enabled !== current.enabled ? ['enabled'] : []),
        ...[...new Set([...Object.keys(settingsBefore), ...Object.keys(settingsAfter)])].filter(
          (key) => JSON.stringify(settingsBefore[key]) !== JSON.stringify(settingsAfter[key]),
        ),
      ];
      // A secret sent is a change (it cannot be compared); removing none is not.
      const secretChanged = sealed !== undefined && !(sealed === null && current.clientSecret === null);
      if (changed.length === 0 && !secretChanged) return current;
      await tx.ssoConnections.save(next);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'sso_connection.updated',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'sso_connection', id: current.id },
        details: {
          name: next.name,
          changed,
          client_secret: !secretChanged ? 'unchanged' : sealed === null ? 'removed' : 'set',
        },
      });
      return next;
    });
  }
}

/** `DELETE /auth/sso/{connection_id}` (administer): 204; allowed while frozen, as other revocations are. */
export class DeleteSsoConnection {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    connectionId: string;
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
      const connection = await requireConnection(tx, workspace.id, input.connectionId, true);
      await tx.ssoConnections.delete(workspace.id, connection.id);
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'sso_connection.deleted',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'sso_connection', id: connection.id },
        details: { name: connection.name, protocol: connection.protocol },
      });
    });
  }
}
