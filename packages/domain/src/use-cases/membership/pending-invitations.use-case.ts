import { hasExpired } from '../../membership/membership';
import type { Role, ScopeType } from '../../roles/role';
import type { Deps } from '../deps';

/** Spec: Pending invitation (as listed to the invitee). */
export interface PendingInvitation {
  readonly membershipId: string;
  readonly scopeType: ScopeType;
  readonly scopeId: string;
  /** The organization's or workspace's name; null if it no longer exists. */
  readonly scopeName: string | null;
  readonly role: Role;
  /** The inviter's display name, else their email; null when nobody invited (operator bootstrap). */
  readonly inviterName: string | null;
  readonly createdAt: Date;
}

/** The caller's own pending memberships, oldest first; an expired invitation is no longer listed. */
export class ListPendingInvitations {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: { userId: string }): Promise<PendingInvitation[]> {
    const { read } = this.deps.uow;
    const now = this.deps.clock.now();
    const pending = (await read.memberships.listForUser(input.userId)).filter(
      (m) => m.status === 'pending' && !hasExpired(m, now),
    );
    if (pending.length === 0) return [];
    const idsOf = (type: ScopeType) => pending.filter((m) => m.scopeType === type).map((m) => m.scopeId);
    const inviterIds = pending.flatMap((m) => (m.invitedByUserId ? [m.invitedByUserId] : []));
    const [organizations, workspaces, inviters] = await Promise.all([
      read.organizations.findByIds(idsOf('account')),
      read.workspaces.findByIds(idsOf('workspace')),
      read.users.findByIds([...new Set(inviterIds)]),
    ]);
    const names = new Map<string, string>([
      ...organizations.map((o): [string, string] => [`account:${o.id}`, o.name]),
      ...workspaces.map((w): [string, string] => [`workspace:${w.id}`, w.name]),
    ]);
    const inviterNames = new Map(inviters.map((u) => [u.id, u.displayName ?? u.email]));
    return pending.map((m) => ({
      membershipId: m.id,
      scopeType: m.scopeType,
      scopeId: m.scopeId,
      scopeName: names.get(`${m.scopeType}:${m.scopeId}`) ?? null,
      role: m.role,
      inviterName: (m.invitedByUserId && inviterNames.get(m.invitedByUserId)) || null,
      createdAt: m.createdAt,
    }));
  }
}
