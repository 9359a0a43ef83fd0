/**
 * Whether a standalone app's endpoint (its workload and custom domains)
 * answers callers without a platform token. The ingress that serves the
 * traffic reads it; no traffic passes through this API.
 */
export interface AppEndpoint {
  readonly appId: string;
  readonly workspaceId: string;
  public: boolean;
  updatedAt: Date;
}
