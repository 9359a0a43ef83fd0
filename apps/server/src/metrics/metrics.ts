import type { FinishedRequest } from '@groundfloor/http-express';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Where the gauges read their values when Prometheus scrapes. */
export interface MetricSources {
  /** Emails still to send and the creation time of the oldest. */
  outboxBacklog(): Promise<{ pending: number; oldestPendingCreatedAt: Date | null }>;
  /** The PostgreSQL pool, or null on the embedded database. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  now(): Date;
}

/**
 * Every metric the server exports (docs/operations.md). Labels are bounded:
 * route templates, never paths with ids; limit families, never keys with
 * emails or addresses.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly rateLimitRefusals: Counter<'limit'>;
  private readonly mailResults: Counter<'result'>;
  private readonly upstreamFailures: Counter<'upstream' | 'reason'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'groundfloor_' });
    this.requestDuration = new Histogram({
      name: 'groundfloor_http_request_duration_seconds',
      help: 'Time from the request to the end of the response, by route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.rateLimitRefusals = new Counter({
      name: 'groundfloor_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit, by limit family (signin, support, m2m-token, …)',
      labelNames: ['limit'],
      registers,
    });
    this.mailResults = new Counter({
      name: 'groundfloor_mail_deliveries_total',
      help: 'Emails handed to the mail server from requests, by result (sent, failed, unconfirmed, not_configured)',
      labelNames: ['result'],
      registers,
    });
    this.upstreamFailures = new Counter({
      name: 'groundfloor_upstream_failures_total',
      help: 'Calls to an upstream (code execution, model gateway) that failed, by upstream and reason',
      labelNames: ['upstream', 'reason'],
      registers,
    });
    // Registered before the gauges that query the database, so that a scrape
    // reads the pool before its own queries wait in it (they made `waiting`
    // read 2 on an idle server).
    new Gauge({
      name: 'groundfloor_db_pool_connections',
      help: 'PostgreSQL pool connections by state (absent on the embedded database)',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = sources.poolStats();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Gauge({
      name: 'groundfloor_mail_outbox_pending',
      help: 'Emails in the outbox still to send (queued or waiting for a retry)',
      registers,
      async collect() {
        this.set((await sources.outboxBacklog()).pending);
      },
    });
    new Gauge({
      name: 'groundfloor_mail_outbox_oldest_age_seconds',
      help: 'Age of the oldest email still to send; 0 when the outbox is empty',
      registers,
      async collect() {
        const { oldestPendingCreatedAt } = await sources.outboxBacklog();
        const age = oldestPendingCreatedAt
          ? (sources.now().getTime() - oldestPendingCreatedAt.getTime()) / 1000
          : 0;
        this.set(Math.max(0, age));
      },
    });
  }

  observeRequest = (request: FinishedRequest): void => {
    this.requestDuration.observe(
      { method: request.method, route: request.route, status: String(request.status) },
      request.seconds,
    );
  };

  /** A limit key's family: what comes before its first `:` (`signin:<email>` → `signin`). */
  rateLimitRefused(key: string): void {
    this.rateLimitRefusals.inc({ limit: key.split(':')[0] || 'unknown' });
  }

  mailResult(result: string): void {
    this.mailResults.inc({ result });
  }

  upstreamFailed(upstream: string, reason: string): void {
    this.upstreamFailures.inc({ upstream, reason });
  }
}
