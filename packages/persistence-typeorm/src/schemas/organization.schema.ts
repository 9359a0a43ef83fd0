import { EntitySchema } from 'typeorm';

/** A row of `organizations`. */
export interface OrganizationRecord {
  id: string;
  name: string;
  planTier: string;
  status: string;
  limitOverrides: Record<string, number | null>;
  createdAt: Date;
}

export const OrganizationSchema = new EntitySchema<OrganizationRecord>({
  name: 'Organization',
  tableName: 'organizations',
  columns: {
    id: { type: 'uuid', primary: true },
    name: { type: 'text' },
    planTier: { type: 'text', name: 'plan_tier' },
    status: { type: 'text' },
    limitOverrides: { type: 'jsonb', name: 'limit_overrides' },
    createdAt: { type: 'timestamptz', name: 'created_at' },
  },
});
