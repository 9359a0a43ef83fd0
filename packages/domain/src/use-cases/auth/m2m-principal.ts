import type { M2mScope } from '../../m2m/m2m-client';

/** An M2M client's access token: good only in its own workspace, within its scopes. */
export interface M2mPrincipal {
  readonly kind: 'm2m';
  readonly clientId: string;
  readonly workspaceId: string;
  readonly scopes: readonly M2mScope[];
}
