import { EntitySchema } from 'typeorm';

/** A row of `apps`. The manifest is JSON text, so it reads back exactly as written. */
export interface AppRecord {
  id: string;
  workspaceId: string;
  name: string;
  slug: string;
  kind: string;
  environmentId: string;
  primaryCoderunnerId: string | null;
  manifestJson: string;
  gitRepoUrl: string | null;
  visibility: string;
  status: string;
  promotedFromAppId: string | null;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
}

export const AppSchema = new EntitySchema<AppRecord>({
  name: 'App',
  tableName: 'apps',
  columns: {
    id: { type: 'uuid', primary: true },
    workspaceId: { type: 'uuid', name: 'workspace_id' },
    name: { type: 'text' },
    slug: { type: 'text' },
    kind: { type: 'text' },
    environmentId: { type: 'uuid', name: 'environment_id' },
    primaryCoderunnerId: { type: 'uuid', name: 'primary_coderunner_id', nullable: true },
    manifestJson: { type: 'text', name: 'manifest_json' },
    gitRepoUrl: { type: 'text', name: 'git_repo_url', nullable: true },
    visibility: { type: 'text' },
    status: { type: 'text' },
    promotedFromAppId: { type: 'uuid', name: 'promoted_from_app_id', nullable: true },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    updatedAt: { type: 'timestamptz', name: 'updated_at' },
    archivedAt: { type: 'timestamptz', name: 'archived_at', nullable: true },
  },
});
