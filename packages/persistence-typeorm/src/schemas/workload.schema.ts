import { EntitySchema } from 'typeorm';

/** A row of `workloads`. The manifest is JSON text, so it reads back exactly as written. */
export interface WorkloadRecord {
  id: string;
  workspaceId: string;
  name: string;
  kind: string;
  status: string;
  manifestJson: string;
  createdAt: Date;
  archivedAt: Date | null;
}

export const WorkloadSchema = new EntitySchema<WorkloadRecord>({
  name: 'Workload',
  tableName: 'workloads',
  columns: {
    id: { type: 'uuid', primary: true },
    workspaceId: { type: 'uuid', name: 'workspace_id' },
    name: { type: 'text' },
    kind: { type: 'text' },
    status: { type: 'text' },
    manifestJson: { type: 'text', name: 'manifest_json' },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    archivedAt: { type: 'timestamptz', name: 'archived_at', nullable: true },
  },
});
