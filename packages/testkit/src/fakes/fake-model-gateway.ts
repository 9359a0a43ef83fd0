import type { ModelGateway, SpendLogRow, UpstreamFailure, UpstreamResult } from '@groundfloor/domain';

type Method = keyof ModelGateway;

/**
 * A model gateway in memory for domain tests: keys by alias, spend rows by
 * workspace and a catalogue a test sets; `failNext` makes the next call of a method fail;
 * `lateNext` makes it take effect but answer too late (a time-out); `configured = false`
 * answers every call `not_configured`.
 */
export class FakeModelGateway implements ModelGateway {
  configured = true;
  /** Live keys by alias. */
  readonly keys = new Map<string, string>();
  /** Spend rows by workspace (the gateway's `user_id`). */
  readonly spend = new Map<string, SpendLogRow[]>();
  catalog: string[] = ['gpt-4o-mini', 'claude-3-5-haiku'];
  readonly calls: { method: Method; args: unknown[] }[] = [];
  private readonly failures = new Map<Method, UpstreamFailure[]>();
  private readonly late = new Set<Method>();
  private n = 0;

  failNext(method: Method, failure: UpstreamFailure): void {
    this.failures.set(method, [...(this.failures.get(method) ?? []), failure]);
  }

  /** The next call of `method` does what it asks, but its answer never arrives in time. */
  lateNext(method: Method): void {
    this.late.add(method);
  }

  private async call<T>(method: Method, args: unknown[], answer: () => T): Promise<UpstreamResult<T>> {
    this.calls.push({ method, args });
    if (!this.configured) return { ok: false, failure: 'not_configured' };
    const failure = this.failures.get(method)?.shift();
    if (failure) return failure;
    if (this.late.delete(method)) {
      answer();
      return { ok: false, failure: 'timeout' };
    }
    return { ok: true, value: answer() };
  }

  generateKey(request: { alias: string; workspaceId: string }) {
    return this.call('generateKey', [request], () => {
      this.n += 1;
      const key = `sk-fake-${this.n}`;
      this.keys.set(request.alias, key);
      return key;
    });
  }
  deleteKeys(aliases: readonly string[]) {
    return this.call('deleteKeys', [aliases], () => {
      for (const alias of aliases) this.keys.delete(alias);
    });
  }
  spendLogs(query: { workspaceId: string; start: Date; end: Date }) {
    return this.call('spendLogs', [query], () => [...(this.spend.get(query.workspaceId) ?? [])]);
  }
  listModels() {
    return this.call('listModels', [], () => [...this.catalog]);
  }
}
