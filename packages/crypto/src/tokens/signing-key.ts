import { createPrivateKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import type { IdGenerator, Jwk, KeyManagement, StoredSigningKey } from '@groundfloor/domain';

export const SIGNING_ALGORITHM = 'RS256';
const MODULUS_BITS = 2048;
// Only these members ever leave the process: an RSA JWK's private half lives in
// d, p, q, dp, dq and qi, and a mistake upstream must not publish them.
const PUBLIC_JWK_MEMBERS = ['kty', 'n', 'e', 'kid', 'alg', 'use'] as const;

const generateRsaKeyPair = promisify(generateKeyPair);

/** The AAD a signing key's private half is sealed under: it cannot be swapped for another row. */
export const signingKeyContext = (kid: string) => `signing-key:${kid}`;

export interface GeneratedSigningKey {
  readonly stored: StoredSigningKey;
  readonly publicKey: KeyObject;
  readonly privateKey: KeyObject;
}

/** A fresh RSA key pair (off the event loop), its private half sealed, ready to save. */
export async function generateSigningKey(
  ids: IdGenerator,
  kms: KeyManagement,
  now: Date,
): Promise<GeneratedSigningKey> {
  const kid = ids.next();
  const { publicKey, privateKey } = await generateRsaKeyPair('rsa', { modulusLength: MODULUS_BITS });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const stored: StoredSigningKey = {
    kid,
    algorithm: SIGNING_ALGORITHM,
    privateKey: await kms.seal(Buffer.from(pem, 'utf8'), signingKeyContext(kid)),
    publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: SIGNING_ALGORITHM, use: 'sig' },
    createdAt: now,
    retiredAt: null,
  };
  return { stored, publicKey, privateKey };
}

export async function openPrivateKey(key: StoredSigningKey, kms: KeyManagement): Promise<KeyObject> {
  const pem = await kms.open(key.privateKey, signingKeyContext(key.kid));
  return createPrivateKey({ key: Buffer.from(pem), format: 'pem' });
}

/** The JWKS entry of a stored key, built from an allow-list of public members. */
export function publicJwkOf(key: StoredSigningKey): Jwk {
  const jwk: Record<string, unknown> = {};
  for (const member of PUBLIC_JWK_MEMBERS) {
    if (key.publicJwk[member] !== undefined) jwk[member] = key.publicJwk[member];
  }
  return { ...jwk, kid: key.kid, kty: String(jwk.kty), alg: SIGNING_ALGORITHM, use: 'sig' };
}
