import 'reflect-metadata';
import type { TokenSigner, UseCases } from '@groundfloor/domain';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { LONG_TEXT_BODY_LIMIT, takesLongText } from './body-limits';
import { errorHandler } from './middleware/error-handler';
import { requestLogging } from './middleware/logging';
import { requestId } from './middleware/request-id';
import { sendProblem } from './problem';
import { auditRoutes } from './routes/audit.routes';
import { authRoutes } from './routes/auth.routes';
import { flagsRoutes } from './routes/flags.routes';
import { healthRoutes } from './routes/health.routes';
import { m2mRoutes } from './routes/m2m.routes';
import { membershipRoutes } from './routes/membership.routes';
import { operatorRoutes } from './routes/operator.routes';
import { operatorSupportRoutes } from './routes/operator-support.routes';
import { organizationRoutes } from './routes/organization.routes';
import { publicRoutes } from './routes/public.routes';
import { secretsRoutes } from './routes/secrets.routes';
import { supportRoutes } from './routes/support.routes';

export interface AppOptions {
  readonly useCases: UseCases;
  readonly signer: TokenSigner;
  readonly logger: Logger;
  readonly operatorToken: string;
  readonly ready: () => Promise<void>;
  /** JSON body limit of ordinary routes. */
  readonly bodyLimit?: string;
  /** Express `trust proxy` setting, for client addresses behind a load balancer. */
  readonly trustProxy?: boolean | number | string;
}

/** The Express application: middleware, every route group, problem+json errors. */
export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);

  app.use(requestId);
  app.use(requestLogging(options.logger));
  app.use((_req, res, next) => {
    // API answers carry tokens and personal data: nothing is cached unless a route says so.
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  const json = (limit: string) =>
    express.json({ limit, strict: true, type: ['application/json', 'application/*+json'] });
  const ordinaryJson = json(options.bodyLimit ?? '100kb');
  const longTextJson = json(LONG_TEXT_BODY_LIMIT);
  app.use((req, res, next) => (takesLongText(req.path) ? longTextJson : ordinaryJson)(req, res, next));

  app.use(healthRoutes(options.ready));
  app.use(publicRoutes(options.signer));
  app.use(authRoutes(options.useCases));
  app.use(operatorRoutes(options.useCases, options.operatorToken));
  app.use(operatorSupportRoutes(options.useCases, options.operatorToken));
  app.use(organizationRoutes(options.useCases));
  app.use(supportRoutes(options.useCases));
  app.use(secretsRoutes(options.useCases));
  app.use(m2mRoutes(options.useCases));
  app.use(flagsRoutes(options.useCases));
  app.use(auditRoutes(options.useCases));
  app.use(membershipRoutes(options.useCases));

  app.use((_req, res) => sendProblem(res, { status: 404, code: 'route_not_found', detail: 'no such route' }));
  app.use(errorHandler);
  return app;
}
