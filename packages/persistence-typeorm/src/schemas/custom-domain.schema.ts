import { EntitySchema } from 'typeorm';

/** A row of `custom_domains`; `domain` is unique across the platform. */
export interface CustomDomainRecord {
  id: string;
  workspaceId: string;
  appId: string;
  domain: string;
  status: string;
  verificationToken: string;
  lastCheckedAt: Date | null;
  detail: string | null;
  createdAt: Date;
}

export const CustomDomainSchema = new EntitySchema<CustomDomainRecord>({
  name: 'CustomDomain',
  tableName: 'custom_domains',
  columns: {
    id: { type: 'uuid', primary: true },
    workspaceId: { type: 'uuid', name: 'workspace_id' },
    appId: { type: 'uuid', name: 'app_id' },
    domain: { type: 'text' },
    status: { type: 'text' },
    verificationToken: { type: 'text', name: 'verification_token' },
    lastCheckedAt: { type: 'timestamptz', name: 'last_checked_at', nullable: true },
    detail: { type: 'text', nullable: true },
    createdAt: { type: 'timestamptz', name: 'created_at' },
  },
});
