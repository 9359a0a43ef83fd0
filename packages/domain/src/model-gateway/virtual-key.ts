/**
 * A workspace's model-gateway virtual key as the control plane knows it:
 * never the key itself (shown once when minted), only the alias it has at
 * the gateway and how many aliases were handed out, so the next one is new.
 */
export interface VirtualKey {
  readonly workspaceId: string;
  /** Aliases handed out so far; the next mint uses `<workspace_id>:<aliasCount + 1>`. */
  aliasCount: number;
  /** The alias of the live key, or null when there is none. */
  currentAlias: string | null;
  updatedAt: Date;
}

/** Supplement §14: `key_alias` is `<workspace_id>:<n>`. */
export const keyAlias = (workspaceId: string, n: number): string => `${workspaceId}:${n}`;
