import { APP_USER_AUDIENCE } from '../../app-user/app-user-claims';
import { unauthenticated } from '../../shared/domain-error';
import type { AppUserPrincipal } from '../auth/app-user-principal';
import type { CallerAuthenticator } from '../auth/principal';
import type { Deps } from '../deps';
import { activePlatform } from './app-user-tokens';

const ended = () => unauthenticated('invalid_token', 'the session has ended');

/**
 * App users' access tokens (audience `app-user`; no other kind of token
 * carries it). The session, the user and the workspace's sign-in are read
 * on every request, so deleting or disabling the user, a refresh-token
 * reuse, or switching platform sign-in off takes effect at once. The
 * token's `iss` must still be its workspace's issuer.
 */
export class AuthenticateAppUser implements CallerAuthenticator {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'signer'>) {}

  async authenticate(token: string): Promise<AppUserPrincipal | null> {
    const claims = await this.deps.signer.verify(token, { audience: APP_USER_AUDIENCE, anyIssuer: true });
    if (!claims) return null;
    if (claims.typ !== 'access' || typeof claims.sub !== 'string' || typeof claims.sid !== 'string') {
      throw unauthenticated('invalid_token', 'the access token is invalid or expired');
    }
    const { read } = this.deps.uow;
    const session = await read.appUserSessions.findById(claims.sid);
    if (!session || session.revokedAt || session.userId !== claims.sub) throw ended();
    const [user, config] = await Promise.all([
      read.appUsers.findById(session.workspaceId, session.userId),
      read.signInConfigs.find(session.workspaceId),
    ]);
    const platform = activePlatform(config);
    if (!user?.enabled || !platform || claims.iss !== platform.platform.issuer) throw ended();
    return {
      kind: 'app_user',
      userId: user.id,
      workspaceId: user.workspaceId,
      sessionId: session.id,
      clientId: session.clientId,
      roles: user.roles,
    };
  }
}
