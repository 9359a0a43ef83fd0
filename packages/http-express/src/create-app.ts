import 'reflect-metadata';
import type { PlatformSettings, TokenSigner, UseCases } from '@groundfloor/domain';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import {
  BRANDING_BODY_LIMIT,
  GRANT_LISTS_BODY_LIMIT,
  LONG_TEXT_BODY_LIMIT,
  takesBrandingImages,
  takesGrantLists,
  takesLongText,
  takesRawBytes,
} from './body-limits';
import { type ErrorTranslator, errorHandler } from './middleware/error-handler';
import { refuseDeepJson } from './middleware/json-depth';
import { type RequestObserver, requestLogging } from './middleware/logging';
import { requestId } from './middleware/request-id';
import { type OpenApiDocument, openApiDocument } from './openapi/document';
import { apiInfo } from './openapi/info';
import { sendProblem } from './problem';
import { operationsOf, routeGroups } from './route-table';
import { accessRoutes } from './routes/access.routes';
import { appRolesRoutes } from './routes/app-roles.routes';
import { appUsersRoutes } from './routes/app-users.routes';
import { appsRoutes } from './routes/apps.routes';
import { auditRoutes } from './routes/audit.routes';
import { authRoutes } from './routes/auth.routes';
import { coderunnerProxyRoutes } from './routes/coderunner-proxy.routes';
import { domainsRoutes } from './routes/domains.routes';
import { flagsRoutes } from './routes/flags.routes';
import { healthRoutes } from './routes/health.routes';
import { admitPublicInviteRequests, appUserPublicRoutes } from './routes/invite-links.routes';
import { m2mRoutes } from './routes/m2m.routes';
import { membershipRoutes } from './routes/membership.routes';
import { modelGatewayRoutes } from './routes/model-gateway.routes';
import { operatorRoutes } from './routes/operator.routes';
import { operatorSupportRoutes } from './routes/operator-support.routes';
import { organizationRoutes } from './routes/organization.routes';
import { publicRoutes } from './routes/public.routes';
import { publicAppsRoutes } from './routes/public-apps.routes';
import { publicSignInRoutes } from './routes/public-sign-in.routes';
import { referenceRoutes } from './routes/reference.routes';
import { releasesRoutes } from './routes/releases.routes';
import { secretsRoutes } from './routes/secrets.routes';
import { signInRoutes } from './routes/sign-in.routes';
import { ssoRoutes } from './routes/sso.routes';
import { supportRoutes } from './routes/support.routes';
import { tenantsRoutes } from './routes/tenants.routes';
import { workloadRunsRoutes } from './routes/workload-runs.routes';
import { workloadsRoutes } from './routes/workloads.routes';

export interface AppOptions {
  readonly useCases: UseCases;
  readonly signer: TokenSigner;
  readonly logger: Logger;
  /**
   * Writes the one line per request (see `requestLogging`); defaults to
   * `logger`. Its fields are fixed and harmless, so it may skip redaction.
   */
  readonly requestLineLogger?: Logger;
  readonly operatorToken: string;
  /** What answers link to and show: release URLs, custom domains' `cname_target`, the platform mail sender. */
  readonly platform: Pick<PlatformSettings, 'publicBaseUrl' | 'customDomainTarget' | 'mailFromAddress'>;
  readonly ready: () => Promise<void>;
  /** JSON body limit of ordinary routes. */
  readonly bodyLimit?: string;
  /** Express `trust proxy` setting, for client addresses behind a load balancer. */
  readonly trustProxy?: boolean | number | string;
  /** Told of every finished request (route template, status, duration): metrics hook in here. */
  readonly observeRequest?: RequestObserver;
  /** Adapter failures with a meaning for clients (an unreachable database: 503), from the composition root. */
  readonly translateError?: ErrorTranslator;
}

const DOCUMENTS = new WeakMap<Express, OpenApiDocument>();

/** The OpenAPI document of an application made by `createApp` (what `GET /openapi.json` answers). */
export function apiDocumentOf(app: Express): OpenApiDocument {
  const document = DOCUMENTS.get(app);
  if (!document) throw new Error('not an application made by createApp');
  return document;
}

/** The Express application: middleware, every route group, problem+json errors. */
export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('case sensitive routing', true);
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);

  app.use(requestId);
  app.use(requestLogging(options.logger, options.observeRequest, options.requestLineLogger));
  app.use((_req, res, next) => {
    // API answers carry tokens and personal data: nothing is cached unless a route says so.
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Not `strict`: any well-formed JSON value parses, so `null`, `5` or `"x"`
  // reach validation and get its 422 `invalid_body` (supplement §2: only
  // malformed JSON is 400).
  const json = (limit: string) =>
    express.json({ limit, strict: false, type: ['application/json', 'application/*+json'] });
  const ordinaryJson = json(options.bodyLimit ?? '100kb');
  const longTextJson = json(LONG_TEXT_BODY_LIMIT);
  const brandingJson = json(BRANDING_BODY_LIMIT);
  const grantListsJson = json(GRANT_LISTS_BODY_LIMIT);
  // Limits that count every request, a malformed body too, count before the body is read.
  app.use(admitPublicInviteRequests(options.useCases));
  app.use((req, res, next) => {
    // No body (what body-parser would find after several calls): nothing to parse or check.
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined)
      return next();
    if (takesRawBytes(req.path)) return next();
    const parse =
      takesBrandingImages(req.path) && req.method === 'PUT'
        ? brandingJson
        : takesLongText(req.path)
          ? longTextJson
          : takesGrantLists(req.path) && req.method === 'PUT'
            ? grantListsJson
            : ordinaryJson;
    parse(req, res, (error?: unknown) => (error ? next(error) : refuseDeepJson(req, res, next)));
  });

  let document: OpenApiDocument | undefined;
  const groups = [
    healthRoutes(options.ready),
    referenceRoutes(() => document as OpenApiDocument),
    publicRoutes(options.signer),
    authRoutes(options.useCases),
    operatorRoutes(options.useCases, options.operatorToken),
    operatorSupportRoutes(options.useCases, options.operatorToken),
    organizationRoutes(options.useCases),
    supportRoutes(options.useCases),
    secretsRoutes(options.useCases),
    m2mRoutes(options.useCases),
    flagsRoutes(options.useCases),
    auditRoutes(options.useCases),
    membershipRoutes(options.useCases),
    workloadsRoutes(options.useCases),
    workloadRunsRoutes(options.useCases),
    appsRoutes(options.useCases),
    accessRoutes(options.useCases),
    publicAppsRoutes(options.useCases),
    releasesRoutes(options.useCases, options.platform),
    domainsRoutes(options.useCases, options.platform),
    signInRoutes(options.useCases, options.platform),
    appRolesRoutes(options.useCases),
    ssoRoutes(options.useCases, options.platform.publicBaseUrl),
    publicSignInRoutes(options.useCases, options.platform.publicBaseUrl),
    appUsersRoutes(options.useCases),
    tenantsRoutes(options.useCases),
    appUserPublicRoutes(options.useCases),
    coderunnerProxyRoutes(options.useCases),
    modelGatewayRoutes(options.useCases),
  ];
  app.use(routeGroups(groups));
  // Built once from what was just registered: the served routes and their description are one table.
  document = openApiDocument(groups.flatMap(operationsOf), apiInfo());
  DOCUMENTS.set(app, document);

  app.use((_req, res) => sendProblem(res, { status: 404, code: 'route_not_found', detail: 'no such route' }));
  app.use(errorHandler(options.translateError));
  return app;
}
