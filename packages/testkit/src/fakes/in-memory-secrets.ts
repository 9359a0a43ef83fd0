import type {
  AccountEventQuery,
  AuditEvent,
  AuditQuery,
  Flag,
  FlagRepository,
  M2mClient,
  M2mClientRepository,
  SealedValue,
  Secret,
  SecretRepository,
} from '@groundfloor/domain';
import { DomainError } from '@groundfloor/domain';
import type { InMemoryTables } from './in-memory-repositories';

const copy = <T>(value: T): T => structuredClone(value);
const duplicate = (detail: string) => new DomainError('conflict', 'duplicate', detail);
const sameSet = (s: Secret, workspaceId: string, environmentId: string | null) =>
  s.workspaceId === workspaceId && s.environmentId === environmentId;

export class InMemorySecrets implements SecretRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(secret: Secret) {
    for (const other of this.t().secrets.values()) {
      if (other.id !== secret.id && sameSet(other, secret.workspaceId, secret.environmentId)) {
        if (other.key === secret.key) throw duplicate('a secret with this key already exists in the set');
      }
    }
    this.t().secrets.set(secret.id, copy(secret));
  }
  async find(workspaceId: string, environmentId: string | null, key: string) {
    for (const s of this.t().secrets.values()) {
      if (sameSet(s, workspaceId, environmentId) && s.key === key) return copy(s);
    }
    return null;
  }
  findForUpdate(workspaceId: string, environmentId: string | null, key: string) {
    return this.find(workspaceId, environmentId, key);
  }
  async listSet(workspaceId: string, environmentId: string | null) {
    return [...this.t().secrets.values()]
      .filter((s) => sameSet(s, workspaceId, environmentId))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(copy);
  }
  async countSet(workspaceId: string, environmentId: string | null, leavingOut: readonly string[]) {
    return [...this.t().secrets.values()].filter(
      (s) => sameSet(s, workspaceId, environmentId) && !leavingOut.includes(s.key),
    ).length;
  }
  async delete(id: string) {
    this.t().secrets.delete(id);
  }
  async countAll() {
    return this.t().secrets.size;
  }
  async listBatch(afterId: string | null, limit: number) {
    return [...this.t().secrets.values()]
      .filter((s) => afterId === null || s.id > afterId)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, limit)
      .map(copy);
  }
  async replaceSealed(id: string, sealed: SealedValue) {
    const s = this.t().secrets.get(id);
    if (!s) return false;
    s.sealed = copy(sealed);
    return true;
  }
}

export class InMemoryM2mClients implements M2mClientRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(client: M2mClient) {
    this.t().m2mClients.set(client.id, copy(client));
  }
  async findById(id: string) {
    const c = this.t().m2mClients.get(id);
    return c ? copy(c) : null;
  }
  async listByWorkspace(workspaceId: string) {
    return [...this.t().m2mClients.values()]
      .filter((c) => c.workspaceId === workspaceId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map(copy);
  }
  async countByWorkspace(workspaceId: string) {
    return [...this.t().m2mClients.values()].filter((c) => c.workspaceId === workspaceId).length;
  }
  async delete(id: string) {
    this.t().m2mClients.delete(id);
  }
}

const flagId = (workspaceId: string, key: string) => `${workspaceId}/${key}`;

export class InMemoryFlags implements FlagRepository {
  constructor(private readonly t: () => InMemoryTables) {}
  async save(flag: Flag) {
    this.t().flags.set(flagId(flag.workspaceId, flag.key), copy(flag));
  }
  async find(workspaceId: string, key: string) {
    const f = this.t().flags.get(flagId(workspaceId, key));
    return f ? copy(f) : null;
  }
  async listByWorkspace(workspaceId: string) {
    return [...this.t().flags.values()]
      .filter((f) => f.workspaceId === workspaceId)
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(copy);
  }
  async countByWorkspace(workspaceId: string) {
    return [...this.t().flags.values()].filter((f) => f.workspaceId === workspaceId).length;
  }
  async delete(workspaceId: string, key: string) {
    return this.t().flags.delete(flagId(workspaceId, key));
  }
}

/**
 * A team member's own account events (recorded with no organization or
 * workspace) belong to the audit reads of the places where they hold an
 * accepted membership, from when it was made; on a workspace, organization
 * members count unless their role carries nothing in (billing_admin).
 */
export function memberAccountEvents(tables: InMemoryTables, scope: AuditQuery['scope']) {
  const visible = (row: InMemoryTables['auditScopes'][number]): boolean => {
    if (scope.type === 'organization') {
      return row.scopeType === 'account'
        ? row.scopeId === scope.id
        : tables.workspaces.get(row.scopeId)?.organizationId === scope.id;
    }
    return row.scopeType === 'workspace'
      ? row.scopeId === scope.id
      : row.carries && tables.workspaces.get(scope.id)?.organizationId === row.scopeId;
  };
  const ids = new Set(tables.auditScopes.filter(visible).map((row) => row.eventId));
  return (e: AuditEvent): boolean => ids.has(e.id);
}

/** `AuditLog.list` over the in-memory table (newest first, ties by id descending). */
/** `AuditLog.listAccountEvents` over the tables. */
export function listAccountEvents(tables: InMemoryTables, query: AccountEventQuery): AuditEvent[] {
  const before = query.before;
  return tables.audit
    .filter(
      (e) =>
        e.organizationId === null &&
        e.workspaceId === null &&
        e.actor.kind === 'user' &&
        e.actor.id === query.userId &&
        (query.action === undefined || e.action === query.action) &&
        (!before ||
          e.createdAt.getTime() < before.createdAt.getTime() ||
          (e.createdAt.getTime() === before.createdAt.getTime() && e.id < before.id)),
    )
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, query.limit)
    .map(copy);
}

export function listAuditEvents(tables: InMemoryTables, query: AuditQuery): AuditEvent[] {
  const { scope } = query;
  const workspaceIds = new Set(
    scope.type === 'organization'
      ? [...tables.workspaces.values()].filter((w) => w.organizationId === scope.id).map((w) => w.id)
      : [scope.id],
  );
  const ofMembers = memberAccountEvents(tables, scope);
  const newerFirst = (a: AuditEvent, b: AuditEvent) =>
    b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
  const before = query.before;
  return tables.audit
    .filter(
      (e) =>
        (scope.type === 'organization' && e.organizationId === scope.id) ||
        (e.workspaceId !== null && workspaceIds.has(e.workspaceId)) ||
        ofMembers(e),
    )
    .filter((e) => query.action === undefined || e.action === query.action)
    .filter(
      (e) =>
        !before ||
        e.createdAt.getTime() < before.createdAt.getTime() ||
        (e.createdAt.getTime() === before.createdAt.getTime() && e.id < before.id),
    )
    .sort(newerFirst)
    .slice(0, query.limit)
    .map(copy);
}
