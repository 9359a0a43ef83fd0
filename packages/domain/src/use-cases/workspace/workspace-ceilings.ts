import type { Repositories } from '../../ports/repositories.port';
import { conflict, notFound } from '../../shared/domain-error';
import { Limits } from '../../shared/limits';

/** A fixed ceiling on what a workspace holds, and how its refusal names it. */
export interface Ceiling {
  readonly limit: number;
  /** Plural, with what holds them: "flags per workspace". */
  readonly what: string;
  /** What makes room, when it is not deleting one. */
  readonly remedy?: string;
}

export const CEILINGS = {
  flags: { limit: Limits.flagsPerWorkspace, what: 'flags per workspace' },
  secrets: { limit: Limits.secretsPerSet, what: 'secrets per set' },
  environments: {
    limit: Limits.environmentsPerWorkspace,
    what: 'environments per workspace',
    remedy: 'environments are never deleted, and inactive ones count too',
  },
  m2mClients: { limit: Limits.m2mClientsPerWorkspace, what: 'M2M clients per workspace' },
  collections: { limit: Limits.collectionsPerWorkspace, what: 'data collections per workspace' },
  workloads: {
    limit: Limits.workloadsPerWorkspace,
    what: 'active workloads per workspace',
    remedy: 'archive one to add another',
  },
} as const satisfies Record<string, Ceiling>;

/** 409 `limit_reached`: one more would pass a ceiling; the detail names it. */
export const limitReached = (ceiling: Ceiling) =>
  conflict(
    'limit_reached',
    `limit reached: at most ${ceiling.limit.toLocaleString('en-US')} ${ceiling.what}; ${ceiling.remedy ?? 'delete one to add another'}`,
  );

/** Refuses a create when `count` already holds as many as the ceiling allows. */
export function requireRoom(count: number, ceiling: Ceiling): void {
  if (count >= ceiling.limit) throw limitReached(ceiling);
}

/**
 * Locks the workspace row until the transaction ends. A create that counts
 * what the workspace holds takes it before counting, so two creates at the
 * ceiling less one queue and the second counts the first.
 */
export async function lockWorkspace(tx: Repositories, workspaceId: string): Promise<void> {
  if (!(await tx.workspaces.findByIdForUpdate(workspaceId))) {
    throw notFound('workspace_not_found', 'no such workspace');
  }
}
