import type { TokenSigner } from '@groundfloor/domain';
import type { Router } from 'express';
import { JwksSchema, jwksJson } from '../mappers/account.mapper';
import { apiRouter, route } from '../route-table';

/** Unauthenticated platform metadata. */
export function publicRoutes(signer: TokenSigner): Router {
  const router = apiRouter('Authentication');
  route(router, '/v1/public/jwks.json', {
    get: {
      id: 'getJwks',
      summary: 'The public keys that verify access tokens',
      description: 'Cacheable for five minutes. A new key appears here before tokens are signed with it.',
      callers: [],
      responses: { 200: JwksSchema },
      handlers: [
        async (_req, res) => {
          res.setHeader('Cache-Control', 'public, max-age=300');
          res.json(jwksJson(await signer.jwks()));
        },
      ],
    },
  });
  return router;
}
