import type { TokenSigner } from '@groundfloor/domain';
import { Router } from 'express';
import { route } from '../route-table';

/** Unauthenticated platform metadata. */
export function publicRoutes(signer: TokenSigner): Router {
  const router = Router();
  route(router, '/v1/public/jwks.json', {
    get: [
      async (_req, res) => {
        res.setHeader('Cache-Control', 'public, max-age=300');
        res.json(await signer.jwks());
      },
    ],
  });
  return router;
}
