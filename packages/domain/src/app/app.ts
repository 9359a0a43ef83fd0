/**
 * App kinds. `coderunner` is a legacy kind: older apps still carry it, the
 * list filter and the domain routes accept it, but no new app gets it.
 */
export const APP_KINDS = ['shell_federated', 'standalone', 'coderunner'] as const;
export type AppKind = (typeof APP_KINDS)[number];

/** The kinds an app may be created with; the first is the default. */
export const CREATABLE_APP_KINDS: readonly AppKind[] = ['shell_federated', 'standalone'];

/** "Product" apps: what the list shows by default and what Access grants launch on. */
export const PRODUCT_APP_KINDS: readonly AppKind[] = ['shell_federated', 'standalone'];

/** Kinds whose custom domains point at a workload (spec: domain routes). */
export const DOMAIN_APP_KINDS: readonly AppKind[] = ['standalone', 'coderunner'];

/**
 * Who may launch the app in the Shell: `workspace`, anyone who can read the
 * workspace; `restricted`, only the site roles granted launch.
 */
export type AppVisibility = 'workspace' | 'restricted';
export const APP_VISIBILITIES: readonly AppVisibility[] = ['workspace', 'restricted'];

export type AppStatus = 'active' | 'archived';

/**
 * An app of a workspace. Deleting archives it (see app.machine.ts); an
 * archived app keeps its slug, so restoring it never collides.
 */
export interface App {
  readonly id: string;
  readonly workspaceId: string;
  name: string;
  /** Unique in the workspace, archived apps included; never changes. */
  readonly slug: string;
  readonly kind: AppKind;
  /** The environment the app targets; set at creation. */
  readonly environmentId: string;
  /** Required for `standalone`: a service workload of the same workspace. */
  primaryCoderunnerId: string | null;
  /** Free JSON; `manifest.coderunner` holds ids the code-execution proxy tracks. */
  manifest: Record<string, unknown>;
  gitRepoUrl: string | null;
  /** The launch rule; the roles granted launch are site-role grants (site-access/). */
  visibility: AppVisibility;
  status: AppStatus;
  /** The app this one was last promoted from: compare pairs apps across environments through it. */
  promotedFromAppId: string | null;
  readonly createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
}

export const isProductApp = (app: Pick<App, 'kind'>): boolean => PRODUCT_APP_KINDS.includes(app.kind);
