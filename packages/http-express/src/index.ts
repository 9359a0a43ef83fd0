export { type AppOptions, apiDocumentOf, createApp } from './create-app';
export { STATUS_BY_CODE, STATUS_BY_KIND } from './error-map';
export { listRoutes, type RegisteredRoute } from './list-routes';
export type { ErrorTranslator } from './middleware/error-handler';
export type { FinishedRequest, RequestObserver } from './middleware/logging';
export { currentRequestId, requestId as requestIdMiddleware } from './middleware/request-id';
export { describeApi, documentText } from './openapi/describe-api';
export type { OpenApiDocument } from './openapi/document';
export { PROBLEM_CODES, type ProblemCode } from './openapi/problem-codes';
