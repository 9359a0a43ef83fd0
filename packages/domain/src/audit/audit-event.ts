export type ActorKind = 'user' | 'operator' | 'system' | 'm2m' | 'workload' | 'app_user';

export interface Actor {
  readonly kind: ActorKind;
  readonly id: string;
}

export const OPERATOR: Actor = { kind: 'operator', id: 'operator' };
export const SYSTEM: Actor = { kind: 'system', id: 'system' };

/** Supplement §10. `details` must never carry a secret, password or token. */
export interface AuditEvent {
  readonly id: string;
  readonly action: string;
  readonly actor: Actor;
  readonly organizationId: string | null;
  readonly workspaceId: string | null;
  readonly target: { readonly type: string; readonly id: string };
  readonly details: Record<string, unknown>;
  readonly ip: string | null;
  readonly createdAt: Date;
}
