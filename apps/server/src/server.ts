import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { type AddressInfo, Server as NetServer } from 'node:net';
import type { HashingThreads } from '@groundfloor/crypto';
import { createHttpServer } from '@groundfloor/http-express';
import type { OutboxWorker } from '@groundfloor/mail-smtp';
import type { Database } from '@groundfloor/persistence-typeorm';
import type { Express } from 'express';
import type { Container, ContainerModule } from 'inversify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config';
import { buildContainer } from './container';
import type { ServerMetrics } from './metrics/metrics';
import { startMetricsServer } from './metrics/metrics-server';
import type { ShutdownState } from './modules/http.module';
import { resolveOperatorToken } from './operator-token';
import { DATABASE, HASHING_THREADS, HTTP_APP, METRICS, OUTBOX_WORKER, REDIS, SHUTDOWN } from './tokens';

/** Closes the listener only; connections end by themselves (see close()). */
const netServerClose = NetServer.prototype.close;

export interface RunningServer {
  readonly app: Express;
  readonly server: Server;
  readonly url: string;
  readonly container: Container;
  readonly operatorToken: string;
  /** Where `/metrics` answers, when METRICS_PORT is set. */
  readonly metricsUrl: string | undefined;
  /** Stops accepting connections, drains in-flight requests, then closes the database. */
  close(): Promise<void>;
}

/** Builds the container, migrates, and listens. Used by main.ts, the HTTP tests and the benchmark. */
export async function startServer(
  config: Config,
  logger: Logger,
  options: {
    overrides?: ContainerModule[];
    startWorkers?: boolean;
    /**
     * How long shutdown keeps serving before it closes idle connections
     * (default 1 s): a keep-alive client that sends its next request then
     * gets its answer with `Connection: close` instead of a reset socket.
     */
    drainGraceMs?: number;
  } = {},
): Promise<RunningServer> {
  const operator = resolveOperatorToken(config.operatorToken, config.dataDir);
  if (operator.file)
    logger.info(
      { path: operator.file },
      operator.generated ? 'operator token generated into file' : 'operator token read from file',
    );
  const container = await buildContainer(config, logger, operator.token, options.overrides);
  const app = await container.getAsync<Express>(HTTP_APP);
  const db = await container.getAsync<Database>(DATABASE);
  const worker = await container.getAsync<OutboxWorker>(OUTBOX_WORKER);
  if (options.startWorkers !== false) worker.start();

  const server = await new Promise<Server>((resolve, reject) => {
    const s = createHttpServer(app).listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  server.keepAliveTimeout = 65_000;
  // Draining: responses still to be written close their connection, so a
  // keep-alive client does not hold the shutdown up for the keep-alive timeout.
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  const metricsServer =
    config.metricsPort === undefined
      ? undefined
      : await startMetricsServer(
          await container.getAsync<ServerMetrics>(METRICS),
          config.metricsPort,
          config.metricsHost,
        );
  const address = server.address() as AddressInfo;
  const url = `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`;

  // Resolved now, so that close() reaches its first await with the listener
  // already closed (see there).
  const shutdownState = await container.getAsync<ShutdownState>(SHUTDOWN);
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Stop accepting connections first, in the same turn of the event
      // loop as everything below up to the first await. Closing a listener
      // resets every connection still waiting in the kernel's accept queue;
      // were a `Connection: close` answer written before it, its client's
      // reconnection could be waiting there. New connections are refused
      // from here on, never reset.
      //
      // Idle keep-alive connections are not closed yet: closing one races a
      // request its client may be sending on it right then. For a moment,
      // every connection that brings a request gets its answer with
      // `Connection: close` instead; only those still idle after it are closed.
      // (http.Server#close would close the idle ones at once, so the listener
      // is closed with net.Server's own close.)
      const grace = options.drainGraceMs ?? 1000;
      const drained = new Promise<void>((resolve) => {
        let sweep: NodeJS.Timeout | undefined;
        const sweepLater = setTimeout(() => {
          server.closeIdleConnections();
          sweep = setInterval(() => server.closeIdleConnections(), 100);
        }, grace);
        netServerClose.call(server, () => {
          clearTimeout(sweepLater);
          if (sweep) clearInterval(sweep);
          resolve();
        });
      });
      draining = true;
      shutdownState.draining = true;
      for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
      await drained;
      await metricsServer?.close();
      await worker.stop();
      await (await container.getAsync<HashingThreads>(HASHING_THREADS)).stop();
      await db.close();
      if (container.isBound(REDIS)) await (await container.getAsync<Redis>(REDIS)).quit();
    })();
    return closing;
  };
  return {
    app,
    server,
    url,
    container,
    operatorToken: operator.token,
    metricsUrl: metricsServer?.url,
    close,
  };
}
