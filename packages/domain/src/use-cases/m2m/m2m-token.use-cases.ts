import { M2M_SCOPES, type M2mScope } from '../../m2m/m2m-client';
import { rateLimited, unauthenticated } from '../../shared/domain-error';
import { Limits } from '../../shared/limits';
import type { M2mPrincipal } from '../auth/m2m-principal';
import type { CallerAuthenticator } from '../auth/principal';
import type { Deps } from '../deps';
import { takePlaces } from '../rate-limits/take-places';

/** The audience of M2M access tokens: a team token never passes for one, nor the reverse. */
export const M2M_AUDIENCE = 'm2m';

export interface M2mToken {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  readonly expires_in: number;
  readonly scope: string;
}

const invalidClient = () => unauthenticated('invalid_client', 'unknown client or wrong client secret');

/**
 * Client credentials for a one-hour token (supplement §3, §6). Every
 * exchange, good or bad, counts toward 20 a minute per client and 20 a
 * minute per address (spec, Limits), taken before the secret is compared,
 * as one step for both: so concurrent attempts cannot pass a limit
 * together, and one refused by either limit takes no place in the other.
 */
export class ExchangeM2mToken {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'signer' | 'secretTokens' | 'rateLimiter'>) {}

  async execute(input: {
    workspaceId: string;
    clientId: string;
    clientSecret: string;
    ip: string | null;
  }): Promise<M2mToken> {
    const { limit, windowSeconds } = Limits.m2mTokenExchange;
    // Ids are case-insensitive (UUIDs): one client is one counter however its id is spelt.
    const clientId = input.clientId.toLowerCase();
    const workspaceId = input.workspaceId.toLowerCase();
    const perClient = { key: `m2m-token:client:${clientId}`, limit, windowSeconds };
    const perAddress = { key: `m2m-token:ip:${input.ip ?? 'unknown'}`, limit, windowSeconds };
    await takePlaces(this.deps.rateLimiter, [perClient, perAddress], (full, retryAfterSeconds) =>
      rateLimited(
        'too_many_token_requests',
        full === perClient
          ? `at most ${limit} token requests a minute per client`
          : `at most ${limit} token requests a minute per address`,
        retryAfterSeconds,
      ),
    );
    const candidate = await this.deps.uow.read.m2mClients.findById(clientId);
    const presented = this.deps.secretTokens.hash(input.clientSecret);
    const found =
      candidate !== null &&
      candidate.workspaceId === workspaceId &&
      this.deps.secretTokens.equals(presented, candidate.secretHash)
        ? candidate
        : null;
    if (!found) throw invalidClient();
    const scope = found.scopes.join(' ');
    const accessToken = await this.deps.signer.sign(
      { typ: 'm2m', workspace_id: found.workspaceId, scope },
      { subject: found.id, audience: M2M_AUDIENCE, expiresInSeconds: Limits.m2mTokenSeconds },
    );
    return { access_token: accessToken, token_type: 'Bearer', expires_in: Limits.m2mTokenSeconds, scope };
  }
}

/** M2M access tokens; the client row is read on every request, so deleting it ends its tokens at once. */
export class AuthenticateM2m implements CallerAuthenticator {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'signer'>) {}

  async authenticate(token: string): Promise<M2mPrincipal | null> {
    const claims = await this.deps.signer.verify(token, { audience: M2M_AUDIENCE });
    if (!claims) return null;
    if (claims.typ !== 'm2m' || typeof claims.sub !== 'string' || typeof claims.workspace_id !== 'string') {
      throw unauthenticated('invalid_token', 'the access token is invalid or expired');
    }
    const client = await this.deps.uow.read.m2mClients.findById(claims.sub);
    if (!client || client.workspaceId !== claims.workspace_id) {
      throw unauthenticated('invalid_token', 'the M2M client was deleted');
    }
    // A scope counts while both the token and the client still carry it.
    const granted = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    const scopes = client.scopes.filter(
      (s): s is M2mScope => granted.includes(s) && (M2M_SCOPES as readonly string[]).includes(s),
    );
    return { kind: 'm2m', clientId: client.id, workspaceId: client.workspaceId, scopes };
  }
}
