import type { SealedValue } from '@groundfloor/domain';
import { EntitySchema } from 'typeorm';

/** A row of `secrets`: the value only ever sealed. */
export interface SecretRecord {
  id: string;
  workspaceId: string;
  environmentId: string | null;
  key: string;
  description: string | null;
  sealed: SealedValue;
  createdAt: Date;
  updatedAt: Date;
}

export const SecretSchema = new EntitySchema<SecretRecord>({
  name: 'Secret',
  tableName: 'secrets',
  columns: {
    id: { type: 'uuid', primary: true },
    workspaceId: { type: 'uuid', name: 'workspace_id' },
    environmentId: { type: 'uuid', name: 'environment_id', nullable: true },
    key: { type: 'text' },
    description: { type: 'text', nullable: true },
    sealed: { type: 'jsonb' },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    updatedAt: { type: 'timestamptz', name: 'updated_at' },
  },
});
