import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import {
  type Claims,
  type Clock,
  type IdGenerator,
  type Jwk,
  type KeyManagement,
  Limits,
  type SigningKeyStore,
  type SignOptions,
  type TokenSigner,
  type VerifyOptions,
} from '@groundfloor/domain';
import * as jwt from 'jsonwebtoken';
import { RandomUuidIds } from '../ids/random-uuid-ids.adapter';
import { signRs256 } from './rs256-sign';
import { generateSigningKey, openPrivateKey, publicJwkOf, SIGNING_ALGORITHM } from './signing-key';

export interface JwtTokenSignerOptions {
  readonly store: SigningKeyStore;
  readonly kms: KeyManagement;
  readonly clock: Clock;
  /** `iss` of every token unless SignOptions names another; also the default expected issuer. */
  readonly issuer: string;
  /** Makes the `kid` of new keys; random UUIDs by default. */
  readonly ids?: IdGenerator;
}

// A retired key stays published for as long as a token it signed can live
// (the 30-day refresh token) plus an hour for clock skew and caches.
const PUBLISH_RETIRED_MS = (Limits.refreshTokenSeconds + 3600) * 1000;
// Another replica may rotate: sign() picks up the new current key within this.
const REFRESH_MS = 5 * 60 * 1000;
// A token with an unknown kid reloads the keys, but at most this often, so
// forged kids cannot turn every request into a key-store read.
const MISS_RELOAD_MS = 1000;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * RS256 JWTs with 2048-bit RSA keys kept in a SigningKeyStore (signed off the
 * event loop by `signRs256`, verified by jsonwebtoken),
 * private halves sealed by the KeyManagement port. Parsed keys are cached as
 * KeyObjects: handing a PEM to every verify costs about six times as much.
 */
const VERIFIED_CACHE_SIZE = 10_000;

export class JwtTokenSigner implements TokenSigner {
  private readonly ids: IdGenerator;
  private readonly publicKeys = new Map<string, KeyObject>();
  private current: { readonly kid: string; readonly privateKey: KeyObject } | null = null;
  private loading: Promise<void> | null = null;
  private loadedAt = 0;
  private missReloadAt = Number.NEGATIVE_INFINITY;
  /**
   * Tokens already verified, by audience, issuer and token, until they expire.
   * A client sends the same access token on every request for 15 minutes, and
   * an RSA verification costs more than the rest of the request's CPU work.
   * Bounded: emptied when full. Revocation is not decided here (sessions and
   * clients are read on every request), so a cached signature check is safe.
   */
  private readonly verified = new Map<string, Claims>();

  constructor(private readonly options: JwtTokenSignerOptions) {
    this.ids = options.ids ?? new RandomUuidIds();
  }

  /** Loads the keys, creating the first one on an empty store. Other methods call it when needed. */
  async init(): Promise<void> {
    if (!this.current) await this.reload();
  }

  async sign(claims: Claims, options: SignOptions): Promise<string> {
    await this.init();
    const now = this.options.clock.now();
    if (now.getTime() - this.loadedAt >= REFRESH_MS) await this.reload();
    const current = this.current!;
    const iat = seconds(now);
    const payload = {
      ...claims,
      iss: options.issuer ?? this.options.issuer,
      sub: options.subject,
      aud: options.audience,
      iat,
      exp: iat + options.expiresInSeconds,
      ...(options.jwtid === undefined ? {} : { jti: options.jwtid }),
    };
    return signRs256(payload, current.privateKey, current.kid);
  }

  async verify(token: string, options: VerifyOptions): Promise<Claims | null> {
    // Every request verifies a token: once the keys are loaded, no await before the cache.
    if (!this.current) await this.init();
    const now = seconds(this.options.clock.now());
    const issuer = options.anyIssuer ? undefined : (options.issuer ?? this.options.issuer);
    // Verified once, a token's claims are kept by the token alone: the kinds
    // of caller tried in turn on it then ask only whether its audience and
    // issuer are theirs, what jwt.verify would check again.
    const cached = this.verified.get(token);
    if (cached) {
      if (now < (cached.exp as number)) return madeFor(cached, options.audience, issuer) ? cached : null;
      this.verified.delete(token);
    }
    // Several kinds of caller are tried in turn on one token: a token made for
    // another audience is turned away before any signature check (its
    // unverified claims can only refuse it here, never admit it).
    if (!forAudience(token, options.audience)) return null;
    const kid = readKid(token);
    if (kid === null) return null;
    let key = this.publicKeys.get(kid);
    if (!key && this.mayReloadOnMiss()) {
      await this.reload();
      key = this.publicKeys.get(kid);
    }
    if (!key) return null;
    try {
      const claims = jwt.verify(token, key, {
        algorithms: [SIGNING_ALGORITHM],
        audience: options.audience,
        ...(issuer === undefined ? {} : { issuer }),
        clockTimestamp: now,
      });
      // Every token we sign expires; one without exp was not made here.
      if (typeof claims !== 'object' || typeof claims.exp !== 'number') return null;
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      this.verified.set(token, claims);
      return claims;
    } catch {
      return null;
    }
  }

  async jwks(): Promise<{ keys: Jwk[] }> {
    await this.init();
    // Read from the store, not the cache, so every replica publishes the same set.
    const since = this.options.clock.now().getTime() - PUBLISH_RETIRED_MS;
    const keys = await this.options.store.list();
    return {
      keys: keys.filter((k) => k.retiredAt === null || k.retiredAt.getTime() > since).map(publicJwkOf),
    };
  }

  async rotate(): Promise<boolean> {
    await this.init();
    // The store's current key, not this process's view of it: another replica may have rotated.
    const current = (await this.options.store.list()).find((k) => k.retiredAt === null);
    const now = this.options.clock.now();
    const created = await generateSigningKey(this.ids, this.options.kms, now);
    // One atomic step retires the old key and makes the new one current.
    const won = await this.options.store.replaceCurrent(created.stored, current?.kid ?? null);
    if (!won) {
      // Another process rotated first: its key is current; use it.
      await this.reload();
      return false;
    }
    this.publicKeys.set(created.stored.kid, created.publicKey);
    this.current = { kid: created.stored.kid, privateKey: created.privateKey };
    this.loadedAt = now.getTime();
    return true;
  }

  private mayReloadOnMiss(): boolean {
    const now = this.options.clock.now().getTime();
    if (now - this.missReloadAt < MISS_RELOAD_MS) return false;
    this.missReloadAt = now;
    return true;
  }

  // Concurrent callers share one load instead of each reading the store.
  private reload(): Promise<void> {
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(): Promise<void> {
    const { store, kms, clock } = this.options;
    const keys = await store.list();
    for (const key of keys) {
      if (!this.publicKeys.has(key.kid)) {
        this.publicKeys.set(key.kid, createPublicKey({ key: key.publicJwk as JsonWebKey, format: 'jwk' }));
      }
    }
    // Newest first: the newest unretired key is current.
    const active = keys.find((k) => k.retiredAt === null);
    if (!active) {
      const created = await generateSigningKey(this.ids, kms, clock.now());
      // Replicas starting together on an empty store: one creates the first key, the rest load it.
      if (!(await store.replaceCurrent(created.stored, null))) return this.load();
      this.publicKeys.set(created.stored.kid, created.publicKey);
      this.current = { kid: created.stored.kid, privateKey: created.privateKey };
    } else if (this.current?.kid !== active.kid) {
      this.current = { kid: active.kid, privateKey: await openPrivateKey(active, kms) };
    }
    this.loadedAt = clock.now().getTime();
  }
}

function readKid(token: string): string | null {
  try {
    const decoded = jwt.decode(token, { complete: true });
    const kid = decoded?.header.kid;
    return typeof kid === 'string' && kid !== '' ? kid : null;
  } catch {
    return null;
  }
}

const namesAudience = (aud: unknown, audience: string): boolean =>
  Array.isArray(aud) ? aud.includes(audience) : aud === audience;

/** The audience (and, when one is required, the issuer) of verified claims. */
function madeFor(claims: Claims, audience: string, issuer: string | undefined): boolean {
  return namesAudience(claims.aud, audience) && (issuer === undefined || claims.iss === issuer);
}

/** Whether the token's (unverified) `aud` names the audience. */
function forAudience(token: string, audience: string): boolean {
  return namesAudience(jwt.decode(token, { json: true })?.aud, audience);
}
