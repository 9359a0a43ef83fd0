import type { CodeRunner, Mailer, ModelGateway, RateLimiter } from '@groundfloor/domain';

/**
 * Wraps the ports the use cases receive, to count what they do. The default
 * wraps nothing; with metrics on, counting wrappers (behaviour unchanged).
 * Applied where the use cases are built, so any adapter bound to a port, a
 * test's fake included, is counted alike.
 */
export interface Instrumentation {
  rateLimiter(limiter: RateLimiter): RateLimiter;
  mailer(mailer: Mailer): Mailer;
  codeRunner(codeRunner: CodeRunner): CodeRunner;
  modelGateway(gateway: ModelGateway): ModelGateway;
}

export const NO_INSTRUMENTATION: Instrumentation = {
  rateLimiter: (limiter) => limiter,
  mailer: (mailer) => mailer,
  codeRunner: (codeRunner) => codeRunner,
  modelGateway: (gateway) => gateway,
};
