import { EntitySchema } from 'typeorm';

/** A row of `data_collections`; workload grants live with the collection. */
export interface DataCollectionRecord {
  workspaceId: string;
  name: string;
  createdAt: Date;
  workloadGrants: { workloadId: string; action: string }[];
}

export const DataCollectionSchema = new EntitySchema<DataCollectionRecord>({
  name: 'DataCollection',
  tableName: 'data_collections',
  columns: {
    workspaceId: { type: 'uuid', name: 'workspace_id', primary: true },
    name: { type: 'text', primary: true },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    workloadGrants: { type: 'jsonb', name: 'workload_grants' },
  },
});
