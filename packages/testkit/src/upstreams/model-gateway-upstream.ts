import { randomBytes } from 'node:crypto';
import { bearerOf, LoopbackUpstream, type ReceivedRequest, type Reply } from './loopback-upstream';

/** A spend log row as LiteLLM answers it, with the `user_id` it belongs to. */
export interface SpendRow {
  readonly user: string;
  readonly startTime: string;
  readonly model: string;
  readonly total_tokens: number;
  readonly spend: number;
}

/**
 * The LiteLLM-compatible admin API (supplement §14; docs/upstreams.md) on
 * loopback: every call must carry the master key (else 401). Keys are kept
 * by alias; `/key/delete` of aliases it does not have is 404, as LiteLLM's.
 */
export class ModelGatewayUpstream extends LoopbackUpstream {
  /** Live keys by alias. */
  readonly keys = new Map<string, { key: string; userId: unknown; metadata: unknown }>();
  spend: SpendRow[] = [];
  models: string[] = ['gpt-4o-mini', 'claude-3-5-haiku'];

  constructor(readonly masterKey: string) {
    super();
  }

  static started(masterKey: string): Promise<ModelGatewayUpstream> {
    return new ModelGatewayUpstream(masterKey).start();
  }

  protected route(r: ReceivedRequest): Reply {
    if (bearerOf(r) !== this.masterKey) return { status: 401, body: { detail: 'invalid master key' } };
    const json = (r.json ?? {}) as Record<string, unknown>;
    if (r.method === 'POST' && r.path === '/key/generate') {
      const alias = String(json.key_alias);
      if (this.keys.has(alias)) return { status: 400, body: { detail: `alias ${alias} exists` } };
      const key = `sk-${randomBytes(16).toString('hex')}`;
      this.keys.set(alias, { key, userId: json.user_id, metadata: json.metadata });
      return { status: 200, body: { key, key_alias: alias, user_id: json.user_id } };
    }
    if (r.method === 'POST' && r.path === '/key/delete') {
      const aliases = Array.isArray(json.key_aliases) ? json.key_aliases.map(String) : [];
      const found = aliases.filter((alias) => this.keys.delete(alias));
      if (found.length === 0) return { status: 404, body: { detail: 'no keys found' } };
      return { status: 200, body: { deleted_keys: found } };
    }
    if (r.method === 'GET' && r.path === '/spend/logs') {
      const user = r.query.get('user_id');
      return {
        status: 200,
        body: this.spend
          .filter((row) => row.user === user)
          .map(({ user: _user, ...row }) => ({
            ...row,
            user: _user,
            request_id: randomBytes(4).toString('hex'),
          })),
      };
    }
    if (r.method === 'GET' && r.path === '/v1/models') {
      return {
        status: 200,
        body: { object: 'list', data: this.models.map((id) => ({ id, object: 'model' })) },
      };
    }
    return { status: 404, body: { detail: 'not found' } };
  }
}
