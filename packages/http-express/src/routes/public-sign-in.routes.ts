import { invalid, type UseCases } from '@groundfloor/domain';
import { Type } from '@sinclair/typebox';
import type { Response, Router } from 'express';
import { BrandingAssetQueryDto, BrandingQueryDto, ByHostQueryDto } from '../dto/public-sign-in.dto';
import {
  PublicBrandingSchema,
  PublicSignInMetadataSchema,
  publicBrandingJson,
  publicSignInMetadataJson,
} from '../mappers/sign-in.mapper';
import { clientIp } from '../request-context';
import { apiRouter, param, route } from '../route-table';
import { parseQuery } from '../validation';

const RATE: { 'Retry-After': { description: string; schema: ReturnType<typeof Type.String> } } = {
  'Retry-After': { description: 'on 429: seconds to wait', schema: Type.String() },
};

/** Branding is asked for by `host` or by `workspace_id`: one of them (422 without either). */
function brandingTarget(query: BrandingQueryDto): { host: string } | { workspaceId: string } {
  if (query.host !== undefined) return { host: query.host };
  if (query.workspace_id !== undefined) return { workspaceId: query.workspace_id };
  throw invalid('validation_failed', 'workspace_id: required unless host is given', [
    { field: 'workspace_id', message: 'required unless host is given' },
  ]);
}

/** Public answers change when an administrator changes branding: cached briefly, by anyone. */
const cacheBriefly = (res: Response) => res.setHeader('Cache-Control', 'public, max-age=300');

/**
 * Spec: Public helpers of workspace sign-in. No token; 60 requests a minute
 * per client address to each (429 with Retry-After).
 */
export function publicSignInRoutes(useCases: UseCases, publicBaseUrl: string): Router {
  const router = apiRouter('Workspace sign-in');

  route(router, '/v1/public/workspaces/by-host', {
    get: {
      id: 'getSignInByHost',
      summary: 'The sign-in of the workspace at a custom sign-in host',
      description: 'Only verified hosts resolve: a pending claim is ignored (404).',
      callers: [],
      query: ByHostQueryDto,
      responses: { 200: PublicSignInMetadataSchema },
      errors: ['sign_in_host_not_found', 'public_rate_limited'],
      handlers: [
        async (req, res) => {
          const query = parseQuery(ByHostQueryDto, req.query);
          const found = await useCases.publicSignIn.byHost.execute({ host: query.host, ip: clientIp(req) });
          cacheBriefly(res);
          res.json(publicSignInMetadataJson(found, publicBaseUrl));
        },
      ],
    },
  });

  route(router, '/v1/public/branding', {
    get: {
      id: 'getPublicBranding',
      summary: "A workspace's sign-in branding",
      description: 'By `workspace_id`, or by `host` (a verified custom sign-in host).',
      callers: [],
      query: BrandingQueryDto,
      responses: { 200: PublicBrandingSchema },
      errors: ['workspace_not_found', 'sign_in_host_not_found', 'public_rate_limited'],
      handlers: [
        async (req, res) => {
          const query = parseQuery(BrandingQueryDto, req.query);
          const branding = await useCases.publicSignIn.branding.execute({
            ...brandingTarget(query),
            ip: clientIp(req),
          });
          cacheBriefly(res);
          res.json(publicBrandingJson(branding, publicBaseUrl));
        },
      ],
    },
  });

  route(router, '/v1/public/branding/theme.css', {
    get: {
      id: 'getBrandingTheme',
      summary: "A workspace's sign-in theme as CSS",
      description:
        'CSS custom properties (`--signin-primary-color`, `--signin-background-color`, `--signin-text-color`) ' +
        'from the branding colours; only validated `#rrggbb` values are ever written.',
      callers: [],
      query: BrandingQueryDto,
      responses: {
        200: { description: 'the stylesheet', contentType: 'text/css', schema: Type.String(), headers: RATE },
      },
      errors: ['workspace_not_found', 'sign_in_host_not_found', 'public_rate_limited'],
      handlers: [
        async (req, res) => {
          const query = parseQuery(BrandingQueryDto, req.query);
          const css = await useCases.publicSignIn.theme.execute({
            ...brandingTarget(query),
            ip: clientIp(req),
          });
          cacheBriefly(res);
          res.setHeader('X-Content-Type-Options', 'nosniff');
          res.type('text/css; charset=utf-8').send(css);
        },
      ],
    },
  });

  route(router, '/v1/public/branding/assets/:kind', {
    get: {
      id: 'getBrandingAsset',
      summary: 'A branding image of a workspace',
      description:
        '`kind` is `logo`, `favicon` or `login_background`; 404 when the workspace has none. Served with its ' +
        'type, `X-Content-Type-Options: nosniff` and `Content-Security-Policy: sandbox` (an SVG can run ' +
        'nothing when opened directly).',
      callers: [],
      query: BrandingAssetQueryDto,
      responses: {
        200: {
          description: 'the image',
          contentType: 'image/*',
          schema: Type.String({ contentMediaType: 'application/octet-stream' }),
        },
      },
      errors: ['workspace_not_found', 'branding_asset_not_found', 'public_rate_limited'],
      handlers: [
        async (req, res) => {
          const query = parseQuery(BrandingAssetQueryDto, req.query);
          const asset = await useCases.publicSignIn.asset.execute({
            workspaceId: query.workspace_id,
            kind: param(req.params.kind),
            ip: clientIp(req),
          });
          cacheBriefly(res);
          res.setHeader('Content-Type', asset.contentType);
          res.setHeader('X-Content-Type-Options', 'nosniff');
          res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
          res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
          res.setHeader('Last-Modified', asset.updatedAt.toUTCString());
          res.end(Buffer.from(asset.bytes));
        },
      ],
    },
  });

  return router;
}
