/**
 * A custom app (site) role of a workspace (spec, App role). The built-in
 * roles `viewer`, `user` and `admin` are not stored unless changed.
 */
export interface AppRole {
  readonly workspaceId: string;
  readonly name: string;
  description: string | null;
  /** IDs from the permission catalog, e.g. `vault:read`. */
  permissions: string[];
  readonly createdAt: Date;
  updatedAt: Date;
}
