import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OutboxWorker } from '@groundfloor/mail-smtp';
import type { Database } from '@groundfloor/persistence-typeorm';
import type { Express } from 'express';
import type { Container, ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import type { Config } from './config';
import { buildContainer } from './container';
import { resolveOperatorToken } from './operator-token';
import { DATABASE, HTTP_APP, OUTBOX_WORKER } from './tokens';

export interface RunningServer {
  readonly app: Express;
  readonly server: Server;
  readonly url: string;
  readonly container: Container;
  readonly operatorToken: string;
  /** Stops accepting connections, drains in-flight requests, then closes the database. */
  close(): Promise<void>;
}

/** Builds the container, migrates, and listens. Used by main.ts, the HTTP tests and the benchmark. */
export async function startServer(
  config: Config,
  logger: Logger,
  options: { overrides?: ContainerModule[]; startWorkers?: boolean } = {},
): Promise<RunningServer> {
  const operator = resolveOperatorToken(config.operatorToken, config.dataDir);
  if (operator.file) logger.info({ path: operator.file }, 'operator token read from file');
  const container = await buildContainer(config, logger, operator.token, options.overrides);
  const app = await container.getAsync<Express>(HTTP_APP);
  const db = await container.getAsync<Database>(DATABASE);
  const worker = await container.getAsync<OutboxWorker>(OUTBOX_WORKER);
  if (options.startWorkers !== false) worker.start();

  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
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
  const address = server.address() as AddressInfo;
  const url = `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
      await new Promise<void>((resolve) => {
        // Connections that fall idle after this point (a response already on its
        // way) are closed by the sweep; in-flight requests are never cut off.
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      });
      await worker.stop();
      await db.close();
    })();
    return closing;
  };
  return { app, server, url, container, operatorToken: operator.token, close };
}
