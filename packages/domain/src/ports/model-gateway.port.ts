import type { UpstreamResult } from './upstream-result';

/** One spend log row as the gateway reports it (supplement §14), read leniently by the adapter. */
export interface SpendLogRow {
  /** ISO 8601 `startTime`. */
  readonly startTime: string;
  readonly model: string;
  readonly totalTokens: number;
  /** US dollars. */
  readonly spend: number;
}

/**
 * The LiteLLM-compatible model gateway's admin API (`LLM_GATEWAY_URL`,
 * supplement §14); every call carries the master key. Answers how a call
 * failed instead of throwing. A minted key is returned once and never kept.
 */
export interface ModelGateway {
  /** POST `/key/generate` `{key_alias, user_id, metadata: {workspace_id}}` → the key. */
  generateKey(request: {
    readonly alias: string;
    readonly workspaceId: string;
  }): Promise<UpstreamResult<string>>;
  /** POST `/key/delete` `{key_aliases}`; a 404 (already gone) is success. */
  deleteKeys(aliases: readonly string[]): Promise<UpstreamResult<void>>;
  /** GET `/spend/logs?user_id=&start_date=&end_date=`, in the gateway's order. */
  spendLogs(query: {
    readonly workspaceId: string;
    readonly start: Date;
    readonly end: Date;
  }): Promise<UpstreamResult<SpendLogRow[]>>;
  /** GET `/v1/models`: the catalogue's model ids. */
  listModels(): Promise<UpstreamResult<string[]>>;
}
export const MODEL_GATEWAY = Symbol.for('gf.model-gateway');
