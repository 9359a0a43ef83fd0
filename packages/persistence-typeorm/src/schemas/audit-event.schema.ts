import { EntitySchema } from 'typeorm';

/** A row of `audit_events`. No foreign keys: the log outlives what it describes. */
export interface AuditEventRecord {
  id: string;
  action: string;
  actorKind: string;
  actorId: string;
  organizationId: string | null;
  workspaceId: string | null;
  targetType: string;
  targetId: string;
  /** jsonb; typed loosely because TypeORM cannot type arbitrary JSON in insert values. */
  details: object;
  ip: string | null;
  createdAt: Date;
}

export const AuditEventSchema = new EntitySchema<AuditEventRecord>({
  name: 'AuditEvent',
  tableName: 'audit_events',
  columns: {
    id: { type: 'uuid', primary: true },
    action: { type: 'text' },
    actorKind: { type: 'text', name: 'actor_kind' },
    actorId: { type: 'text', name: 'actor_id' },
    organizationId: { type: 'uuid', name: 'organization_id', nullable: true },
    workspaceId: { type: 'uuid', name: 'workspace_id', nullable: true },
    targetType: { type: 'text', name: 'target_type' },
    targetId: { type: 'text', name: 'target_id' },
    details: { type: 'jsonb' },
    ip: { type: 'text', nullable: true },
    createdAt: { type: 'timestamptz', name: 'created_at' },
  },
});
