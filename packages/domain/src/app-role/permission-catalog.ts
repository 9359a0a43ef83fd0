/**
 * The permission catalog (spec, App role): the IDs app roles may hold. They
 * travel in app users' tokens (`permissions`, supplement §15) for apps to
 * read; they never replace the per-collection and per-app grants of Access.
 * The catalog is the platform's, the same for every workspace.
 */
export const PERMISSION_CATALOG = [
  { id: 'vault:read', description: 'Read records of the data collections the role is granted' },
  { id: 'vault:write', description: 'Create and change records of the data collections the role is granted' },
  { id: 'vault:delete', description: 'Delete records of the data collections the role is granted' },
  { id: 'files:read', description: 'Read the workspace files' },
  { id: 'files:write', description: 'Upload and change the workspace files' },
  { id: 'apps:launch', description: 'Open the apps the role may launch in the Shell' },
  { id: 'flags:read', description: 'Read the feature flag values apps see' },
] as const satisfies readonly { id: string; description: string }[];

export type PermissionId = (typeof PERMISSION_CATALOG)[number]['id'];

const KNOWN: ReadonlySet<string> = new Set(PERMISSION_CATALOG.map((p) => p.id));

export const isCatalogPermission = (id: string): id is PermissionId => KNOWN.has(id);

/** The IDs of `ids` missing from the catalog, each once, in the order sent. */
export const unknownPermissionIds = (ids: readonly string[]): string[] => [
  ...new Set(ids.filter((id) => !isCatalogPermission(id))),
];

/** Catalog order, each once: how permission lists are stored and returned. */
export function inCatalogOrder(ids: Iterable<string>): PermissionId[] {
  const wanted = new Set(ids);
  return PERMISSION_CATALOG.map((p) => p.id).filter((id) => wanted.has(id));
}
