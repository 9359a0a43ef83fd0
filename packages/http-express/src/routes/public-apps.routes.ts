import type { UseCases } from '@groundfloor/domain';
import type { Router } from 'express';
import { PublicBootstrapSchema, publicBootstrapJson } from '../mappers/apps.mapper';
import { apiRouter, param, route, uuidParams } from '../route-table';

/** Supplement §9: what a Shell host needs to load an app, without signing in. */
export function publicAppsRoutes(useCases: UseCases): Router {
  const router = apiRouter('Apps');
  route(router, '/v1/public/workspaces/:workspace_id/apps/:slug', {
    get: {
      id: 'getPublicAppBootstrap',
      summary: 'The public bootstrap of a shell_federated app, by slug',
      description:
        'The app and its current release, or null. Anything else (an unknown workspace or slug, an archived ' +
        'app, another kind) is the same 404.',
      callers: [],
      responses: { 200: PublicBootstrapSchema },
      errors: ['app_not_found'],
      handlers: [
        uuidParams('workspace_id'),
        async (req, res) => {
          const bootstrap = await useCases.apps.publicBootstrap.execute({
            workspaceId: param(req.params.workspace_id),
            slug: param(req.params.slug),
          });
          res.json(publicBootstrapJson(bootstrap));
        },
      ],
    },
  });
  return router;
}
