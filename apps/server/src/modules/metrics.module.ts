import { CLOCK, type Clock } from '@groundfloor/domain';
import type { RequestObserver } from '@groundfloor/http-express';
import type { Database } from '@groundfloor/persistence-typeorm';
import { ContainerModule } from 'inversify';
import { CountingMailer } from '../metrics/counting-mailer';
import { CountingRateLimiter } from '../metrics/counting-rate-limiter';
import { countingCodeRunner, countingModelGateway } from '../metrics/counting-upstreams';
import type { Instrumentation } from '../metrics/instrumentation';
import { ServerMetrics } from '../metrics/metrics';
import { DATABASE, INSTRUMENTATION, METRICS, OBSERVE_REQUEST } from '../tokens';

/**
 * With METRICS_PORT set: the Prometheus metrics, fed by the HTTP layer's
 * request hook and by counting wrappers around the rate limiter and mailer
 * the use cases receive (their behaviour unchanged).
 */
export const metricsModule = new ContainerModule(({ bind, rebind }) => {
  bind<ServerMetrics>(METRICS)
    .toResolvedValue(
      (db: Database, clock: Clock) =>
        new ServerMetrics({
          outboxBacklog: () => db.mailOutbox.backlog(),
          poolStats: () => db.poolStats(),
          now: () => clock.now(),
        }),
      [DATABASE, CLOCK],
    )
    .inSingletonScope();
  rebind<RequestObserver>(OBSERVE_REQUEST)
    .toResolvedValue((metrics: ServerMetrics) => metrics.observeRequest, [METRICS])
    .inSingletonScope();
  rebind<Instrumentation>(INSTRUMENTATION)
    .toResolvedValue(
      (metrics: ServerMetrics): Instrumentation => ({
        rateLimiter: (limiter) => new CountingRateLimiter(limiter, metrics),
        mailer: (mailer) => new CountingMailer(mailer, metrics),
        codeRunner: (codeRunner) => countingCodeRunner(codeRunner, metrics),
        modelGateway: (gateway) => countingModelGateway(gateway, metrics),
      }),
      [METRICS],
    )
    .inSingletonScope();
});
