import type { TokenSigner, UseCases } from '@groundfloor/domain';
import pino from 'pino';
import { apiDocumentOf, createApp } from '../create-app';
import type { OpenApiDocument } from './document';

/** Stands in for every dependency: registering routes reads none of them, and nothing here serves a request. */
const inert: unknown = new Proxy(() => undefined, {
  get: (_target, property) => (property === 'then' ? undefined : inert),
  apply: () => {
    throw new Error('describeApi: no dependency is wired; this application only describes itself');
  },
});

/**
 * The API document without a running server or database (`npm run openapi`):
 * the same route table, registered on an application that serves nothing.
 */
export function describeApi(): OpenApiDocument {
  const app = createApp({
    useCases: inert as UseCases,
    signer: inert as TokenSigner,
    logger: pino({ level: 'silent' }),
    operatorToken: 'describe-api-only-never-served',
    platform: {
      publicBaseUrl: 'https://describe-api.invalid',
      customDomainTarget: 'describe-api.invalid',
      mailFromAddress: 'no-reply@describe-api.invalid',
    },
    ready: async () => undefined,
  });
  return apiDocumentOf(app);
}

/** The document as committed: two-space JSON and a final newline, so diffs stay readable. */
export const documentText = (document: OpenApiDocument): string => `${JSON.stringify(document, null, 2)}\n`;
