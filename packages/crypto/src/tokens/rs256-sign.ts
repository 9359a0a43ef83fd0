import { type KeyObject, sign } from 'node:crypto';

const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * An RS256 JWT in compact form, its RSA signature made on libuv's threadpool.
 * `jsonwebtoken` signs on the calling thread: an RSA-2048 signature takes
 * about 0.3 ms, and a sign-in makes two of them on the event loop, where
 * every other request waits (docs/performance.md, "Sign-in"). The bytes are
 * the ones `jwt.sign` makes for the same payload and key id (the header
 * `{alg, typ, kid}` in that order; PKCS #1 v1.5 signatures are
 * deterministic), which the tests check; verification stays with
 * `jsonwebtoken`.
 */
export function signRs256(payload: object, privateKey: KeyObject, kid: string): Promise<string> {
  const input = `${segment({ alg: 'RS256', typ: 'JWT', kid })}.${segment(payload)}`;
  return new Promise((resolve, reject) => {
    sign('sha256', Buffer.from(input), privateKey, (error, signature) => {
      if (error) reject(error);
      else resolve(`${input}.${signature.toString('base64url')}`);
    });
  });
}
