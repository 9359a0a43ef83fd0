import { unauthenticated } from '../../shared/domain-error';
import type { Deps } from '../deps';
import type { CallerAuthenticator } from './principal';
import type { TeamPrincipal } from './team-principal';
import { ACCESS_AUDIENCE } from './token-pair';

/**
 * Team access tokens. The session is read on every request, so logout,
 * reuse detection and password changes take effect at once rather than
 * when the access token expires.
 */
export class AuthenticateTeam implements CallerAuthenticator {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'signer'>) {}

  async authenticate(token: string): Promise<TeamPrincipal | null> {
    const claims = await this.deps.signer.verify(token, { audience: ACCESS_AUDIENCE });
    if (!claims) return null;
    if (claims.typ !== 'access' || typeof claims.sub !== 'string' || typeof claims.sid !== 'string') {
      throw unauthenticated('invalid_token', 'the access token is invalid or expired');
    }
    const session = await this.deps.uow.read.sessions.findById(claims.sid);
    if (!session || session.revokedAt || session.userId !== claims.sub) {
      throw unauthenticated('invalid_token', 'the session has ended');
    }
    return {
      kind: 'team',
      userId: session.userId,
      sessionId: session.id,
      passwordChangeRequired: session.passwordChangeRequired,
    };
  }

  /** A team principal, or 401. */
  async execute(token: string): Promise<TeamPrincipal> {
    const principal = await this.authenticate(token);
    if (!principal) throw unauthenticated('invalid_token', 'the access token is invalid or expired');
    return principal;
  }
}
