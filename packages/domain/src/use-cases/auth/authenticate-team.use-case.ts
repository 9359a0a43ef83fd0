import { unauthenticated } from '../../shared/domain-error';
import type { Deps } from '../deps';
import type { TeamPrincipal } from './team-principal';
import { ACCESS_AUDIENCE } from './token-pair';

/**
 * Turns a bearer token into a team principal. The session is read on every
 * request, so logout, reuse detection and password changes take effect at
 * once rather than when the access token expires.
 */
export class AuthenticateTeam {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'signer'>) {}

  async execute(token: string): Promise<TeamPrincipal> {
    const claims = await this.deps.signer.verify(token, { audience: ACCESS_AUDIENCE });
    if (claims?.typ !== 'access' || typeof claims.sub !== 'string' || typeof claims.sid !== 'string') {
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
}
