import type { ModelGateway, SpendLogRow, UpstreamFailure, UpstreamResult } from '@groundfloor/domain';
import { httpCall, parseJson } from './upstream-call';

export interface LiteLlmModelGatewayOptions {
  /** `LLM_GATEWAY_URL`; absent: every call answers `not_configured`. */
  readonly baseUrl: string | undefined;
  /** `LLM_GATEWAY_MASTER_KEY`, sent on every call; never logged. */
  readonly masterKey: string | undefined;
  /** No answer within this counts as unreachable (default 10 seconds). */
  readonly timeoutMs?: number;
}

type Answer = { readonly ok: true; readonly status: number; readonly body: unknown } | UpstreamFailure;

const finiteNumber = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** A spend log row read leniently: a row without a time it can read is left out. */
function spendRowOf(value: unknown): SpendLogRow | null {
  if (typeof value !== 'object' || value === null) return null;
  const row = value as Record<string, unknown>;
  const startTime = typeof row.startTime === 'string' ? row.startTime : null;
  if (!startTime || !Number.isFinite(Date.parse(startTime))) return null;
  const tokens = finiteNumber(row.total_tokens);
  const spend = finiteNumber(row.spend);
  return {
    startTime,
    model: typeof row.model === 'string' ? row.model : '',
    totalTokens: tokens !== null && tokens > 0 ? Math.round(tokens) : 0,
    spend: spend !== null && spend > 0 ? spend : 0,
  };
}

/**
 * The LiteLLM-compatible gateway's admin API over HTTP (supplement §14):
 * every call carries `Authorization: Bearer <LLM_GATEWAY_MASTER_KEY>`.
 * A minted key passes through here once, to the caller; it is never logged.
 */
export class LiteLlmModelGateway implements ModelGateway {
  private readonly base: string | undefined;
  private readonly timeoutMs: number;

  constructor(private readonly options: LiteLlmModelGatewayOptions) {
    this.base = options.baseUrl?.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async generateKey(request: { alias: string; workspaceId: string }): Promise<UpstreamResult<string>> {
    const answer = await this.send('POST', '/key/generate', {
      key_alias: request.alias,
      user_id: request.workspaceId,
      metadata: { workspace_id: request.workspaceId },
    });
    if (!answer.ok) return answer;
    const key = (answer.body as { key?: unknown } | undefined)?.key;
    return typeof key === 'string' && key !== ''
      ? { ok: true, value: key }
      : { ok: false, failure: 'invalid_answer' };
  }

  async deleteKeys(aliases: readonly string[]): Promise<UpstreamResult<void>> {
    const answer = await this.send('POST', '/key/delete', { key_aliases: aliases });
    if (!answer.ok && !(answer.failure === 'rejected' && answer.status === 404)) return answer;
    return { ok: true, value: undefined };
  }

  async spendLogs(query: {
    workspaceId: string;
    start: Date;
    end: Date;
  }): Promise<UpstreamResult<SpendLogRow[]>> {
    const params = new URLSearchParams({
      user_id: query.workspaceId,
      start_date: query.start.toISOString(),
      end_date: query.end.toISOString(),
    });
    const answer = await this.send('GET', `/spend/logs?${params}`);
    if (!answer.ok) return answer;
    const body = answer.body;
    const rows = Array.isArray(body)
      ? body
      : Array.isArray((body as { data?: unknown })?.data)
        ? (body as { data: unknown[] }).data
        : null;
    if (!rows) return { ok: false, failure: 'invalid_answer' };
    return { ok: true, value: rows.map(spendRowOf).filter((row): row is SpendLogRow => row !== null) };
  }

  async listModels(): Promise<UpstreamResult<string[]>> {
    const answer = await this.send('GET', '/v1/models');
    if (!answer.ok) return answer;
    const data = (answer.body as { data?: unknown } | undefined)?.data;
    if (!Array.isArray(data)) return { ok: false, failure: 'invalid_answer' };
    return {
      ok: true,
      value: data
        .map((m) => (typeof m === 'object' && m !== null ? (m as { id?: unknown }).id : undefined))
        .filter((id): id is string => typeof id === 'string' && id !== ''),
    };
  }

  private async send(method: string, path: string, json?: unknown): Promise<Answer> {
    if (!this.base || !this.options.masterKey) return { ok: false, failure: 'not_configured' };
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${this.options.masterKey}`,
    };
    if (json !== undefined) headers['content-type'] = 'application/json';
    const outcome = await httpCall(
      `${this.base}${path}`,
      { method, headers, body: json === undefined ? undefined : JSON.stringify(json) },
      this.timeoutMs,
    );
    if (!outcome.ok) return outcome;
    const { status, text } = outcome;
    if (status >= 500) return { ok: false, failure: 'server_error', status };
    // The gateway's refusal text is not passed on: it could echo what was sent.
    if (status >= 400) return { ok: false, failure: 'rejected', status, message: '' };
    const body = parseJson(text);
    if (status >= 300 || body === undefined) return { ok: false, failure: 'invalid_answer' };
    return { ok: true, status, body };
  }
}
