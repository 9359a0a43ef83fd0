import { readFileSync } from 'node:fs';
import { Type } from '@sinclair/typebox';
import type { Router } from 'express';
import type { OpenApiDocument } from '../openapi/document';
import { apiRouter, route } from '../route-table';

/** The reference page's one script, served from the installed package: nothing comes from a CDN. */
const REDOC_BUNDLE = require.resolve('redoc/bundles/redoc.standalone.js');

/**
 * Redoc's sidebar shows its logo from its CDN, and no option turns that off:
 * the script is served with that one address replaced by an empty image, so
 * the page asks nothing of any other host (the browser test checks it).
 */
const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const EMPTY_IMAGE = 'data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27/%3E';
let script: Buffer | undefined;
const redocScript = (): Buffer => {
  script ??= Buffer.from(readFileSync(REDOC_BUNDLE, 'utf8').replaceAll(REDOC_LOGO, EMPTY_IMAGE));
  return script;
};

/**
 * Offline installs must work, and a reference page has no business loading
 * anything from elsewhere: the page may only reach its own origin.
 */
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Groundfloor Control API</title>
<style>body { margin: 0; }</style>
</head>
<body>
<redoc spec-url="/openapi.json" hide-hostname="true"></redoc>
<script src="/docs/redoc.standalone.js"></script>
</body>
</html>
`;

/** The API description (`/openapi.json`) and its reference page (`/docs`). */
export function referenceRoutes(document: () => OpenApiDocument): Router {
  const router = apiRouter('Reference');

  route(router, '/openapi.json', {
    get: {
      id: 'getOpenApiDocument',
      summary: 'This API description (OpenAPI 3.1)',
      description: 'Generated from the route table; the same as `docs/openapi.json` in the repository.',
      callers: [],
      responses: { 200: Type.Unsafe({ type: 'object', description: 'an OpenAPI 3.1 document' }) },
      handlers: [
        (_req, res) => {
          res.setHeader('Cache-Control', 'public, max-age=60');
          res.json(document());
        },
      ],
    },
  });

  route(router, '/docs', {
    get: {
      id: 'getReferencePage',
      summary: 'The API reference page',
      callers: [],
      responses: { 200: { contentType: 'text/html', schema: Type.String() } },
      handlers: [
        (_req, res) => {
          res.setHeader('Content-Security-Policy', PAGE_POLICY);
          res.setHeader('Cache-Control', 'public, max-age=60');
          res.type('html').send(PAGE);
        },
      ],
    },
  });

  route(router, '/docs/redoc.standalone.js', {
    get: {
      id: 'getReferencePageScript',
      summary: 'The reference page’s script (Redoc)',
      callers: [],
      responses: { 200: { contentType: 'text/javascript', schema: Type.String() } },
      handlers: [
        (_req, res) => {
          res.setHeader('Cache-Control', 'public, max-age=86400');
          res.type('text/javascript').send(redocScript());
        },
      ],
    },
  });

  return router;
}
