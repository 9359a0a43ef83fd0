import { EntitySchema } from 'typeorm';

/** A row of `memberships`; `scope_id` names an organization or a workspace, so it has no foreign key. */
export interface MembershipRecord {
  id: string;
  userId: string;
  scopeType: string;
  scopeId: string;
  role: string;
  status: string;
  createdAt: Date;
  expiresAt: Date | null;
  invitedByUserId: string | null;
}

export const MembershipSchema = new EntitySchema<MembershipRecord>({
  name: 'Membership',
  tableName: 'memberships',
  columns: {
    id: { type: 'uuid', primary: true },
    userId: { type: 'uuid', name: 'user_id' },
    scopeType: { type: 'text', name: 'scope_type' },
    scopeId: { type: 'uuid', name: 'scope_id' },
    role: { type: 'text' },
    status: { type: 'text' },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    expiresAt: { type: 'timestamptz', name: 'expires_at', nullable: true },
    invitedByUserId: { type: 'uuid', name: 'invited_by_user_id', nullable: true },
  },
});
