import type { ActorKind, AuditEvent } from '@groundfloor/domain';
import type { AuditEventRecord } from '../schemas/audit-event.schema';

export const AuditEventMapper = {
  toRecord(e: AuditEvent): AuditEventRecord {
    return {
      id: e.id,
      action: e.action,
      actorKind: e.actor.kind,
      actorId: e.actor.id,
      organizationId: e.organizationId,
      workspaceId: e.workspaceId,
      targetType: e.target.type,
      targetId: e.target.id,
      details: e.details,
      ip: e.ip,
      createdAt: e.createdAt,
    };
  },
  toDomain(r: AuditEventRecord): AuditEvent {
    return {
      id: r.id,
      action: r.action,
      actor: { kind: r.actorKind as ActorKind, id: r.actorId },
      organizationId: r.organizationId,
      workspaceId: r.workspaceId,
      target: { type: r.targetType, id: r.targetId },
      details: (r.details ?? {}) as Record<string, unknown>,
      ip: r.ip,
      createdAt: r.createdAt,
    };
  },
};
