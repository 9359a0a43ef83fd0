import { invalid } from '../shared/domain-error';

/** Scopes an M2M client may hold (supplement §6). */
export const M2M_SCOPES = ['secrets:read'] as const;
export type M2mScope = (typeof M2M_SCOPES)[number];

/** A machine client of one workspace. Its secret is stored only as a hash. */
export interface M2mClient {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly secretHash: string;
  readonly scopes: readonly M2mScope[];
  readonly createdAt: Date;
}

/** Known scopes only, each once, in the order given. */
export function requireM2mScopes(scopes: readonly string[]): M2mScope[] {
  const unknown = scopes.filter((s) => !(M2M_SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) {
    throw invalid('invalid_scope', `unknown scopes: ${unknown.join(', ')}; known: ${M2M_SCOPES.join(', ')}`, [
      { field: 'scopes', message: `known scopes: ${M2M_SCOPES.join(', ')}` },
    ]);
  }
  return [...new Set(scopes)] as M2mScope[];
}
