export type Claims = Record<string, unknown>;

export interface SignOptions {
  readonly subject: string;
  readonly audience: string;
  readonly expiresInSeconds: number;
  readonly jwtid?: string;
  /** Defaults to the control plane's issuer. */
  readonly issuer?: string;
}

export interface VerifyOptions {
  readonly audience: string;
  /** Defaults to the control plane's issuer. */
  readonly issuer?: string;
  /**
   * Accept any `iss`: for tokens whose issuer depends on what they name (an
   * app user's token is issued by its workspace's sign-in), so the caller
   * compares `iss` itself once it knows what to expect. Signature, audience
   * and expiry are still checked.
   */
  readonly anyIssuer?: boolean;
}

/** Public half of a signing key as published in the JWKS. */
export type Jwk = Record<string, unknown> & { kid: string; kty: string };

/**
 * RS256 JWTs signed with the control plane's current key, carrying its `kid`.
 * Retired keys still verify until their tokens can no longer be valid.
 */
export interface TokenSigner {
  sign(claims: Claims, options: SignOptions): Promise<string>;
  /** The verified claims, or null for a token that is malformed, forged, expired or for another audience. */
  verify(token: string, options: VerifyOptions): Promise<Claims | null>;
  jwks(): Promise<{ keys: Jwk[] }>;
  /**
   * Makes a new key current; the old one keeps verifying. False when another
   * process rotated at the same moment: its key is current then, and this
   * process uses it.
   */
  rotate(): Promise<boolean>;
}
export const TOKEN_SIGNER = Symbol.for('gf.token-signer');
