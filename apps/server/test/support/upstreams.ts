import { createPublicKey } from 'node:crypto';
import type { ReceivedRequest } from '@groundfloor/testkit';
import jwt from 'jsonwebtoken';
import type { TestServer } from './test-server';
import { buildZip } from './zips';

/**
 * The claims of the JWT an upstream request carried, verified the way the
 * upstream must: RS256 against the control plane's `/v1/public/jwks.json`,
 * audience `coderunner`. Fails the test when it does not verify.
 */
export async function verifiedUpstreamClaims(t: TestServer, request: ReceivedRequest) {
  const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
  const jwks = await t.http.get('/v1/public/jwks.json').expect(200);
  const kid = jwt.decode(token, { complete: true })?.header.kid;
  const jwk = jwks.body.keys.find((k: { kid: string }) => k.kid === kid);
  if (!jwk) throw new Error('the upstream JWT names no key of the JWKS');
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  return jwt.verify(token, key, { algorithms: ['RS256'], audience: 'coderunner' }) as jwt.JwtPayload;
}

/** A small real ZIP archive: what a code upload carries. */
export const codeZip = (text = 'exports.handler = async (event) => ({ ok: true, event });') =>
  buildZip([{ name: 'index.js', data: Buffer.from(text) }]);
