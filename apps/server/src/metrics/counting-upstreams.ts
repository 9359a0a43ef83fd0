import type { CodeRunner, ModelGateway, UpstreamResult } from '@groundfloor/domain';
import type { ServerMetrics } from './metrics';

type Upstream = 'coderunner' | 'model_gateway';

/**
 * Wraps every method of an upstream port so a call that did not get a
 * usable answer counts in `groundfloor_upstream_failures_total`, by upstream
 * and reason (`unreachable`, `timeout`, `server_error`, `invalid_answer`,
 * `rejected`). `not_configured` is not a failure of the upstream: not counted.
 */
function counting<T extends object>(port: T, upstream: Upstream, metrics: ServerMetrics): T {
  return new Proxy(port, {
    get(target, property, receiver) {
      const member = Reflect.get(target, property, receiver);
      if (typeof member !== 'function') return member;
      return async (...args: unknown[]) => {
        const result = (await member.apply(target, args)) as UpstreamResult<unknown>;
        if (!result.ok && result.failure !== 'not_configured')
          metrics.upstreamFailed(upstream, result.failure);
        return result;
      };
    },
  });
}

export const countingCodeRunner = (port: CodeRunner, metrics: ServerMetrics): CodeRunner =>
  counting(port, 'coderunner', metrics);

export const countingModelGateway = (port: ModelGateway, metrics: ServerMetrics): ModelGateway =>
  counting(port, 'model_gateway', metrics);
