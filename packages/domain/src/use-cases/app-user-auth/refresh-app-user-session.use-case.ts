import { APP_USER_REFRESH_AUDIENCE } from '../../app-user/app-user-claims';
import { recordAudit } from '../../audit/record';
import { unauthenticated } from '../../shared/domain-error';
import type { Deps } from '../deps';
import { type AppUserTokenPair, activePlatform, issueAppUserTokens } from './app-user-tokens';

const invalidGrant = () =>
  unauthenticated('invalid_refresh_token', 'the refresh token is invalid, spent or revoked');

/**
 * `POST /v1/public/workspaces/{workspace_id}/token` with `refresh_token`:
 * rotation, as for team sessions. Each refresh token works once; presenting
 * a spent one means it was copied, so the whole session is revoked. A token
 * of another workspace, of a deleted or disabled user, or of a workspace
 * whose platform sign-in is off renews nothing (401).
 */
export class RefreshAppUserSession {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'signer'>) {}

  async execute(input: {
    workspaceId: string;
    refreshToken: string;
    ip: string | null;
  }): Promise<AppUserTokenPair> {
    const claims = await this.deps.signer.verify(input.refreshToken, {
      audience: APP_USER_REFRESH_AUDIENCE,
      anyIssuer: true,
    });
    if (claims?.typ !== 'refresh' || typeof claims.jti !== 'string' || typeof claims.sid !== 'string') {
      throw invalidGrant();
    }
    const tokenId = claims.jti;
    const sessionId = claims.sid;
    const now = this.deps.clock.now();
    const outcome = await this.deps.uow.transaction(async (tx) => {
      const session = await tx.appUserSessions.findByIdForUpdate(sessionId);
      const record = await tx.appUserSessions.findRefreshTokenForUpdate(tokenId);
      if (!session || !record || record.sessionId !== session.id || session.revokedAt) return null;
      if (session.workspaceId !== input.workspaceId.toLowerCase()) return null;
      const [user, config] = await Promise.all([
        tx.appUsers.findById(session.workspaceId, session.userId),
        tx.signInConfigs.find(session.workspaceId),
      ]);
      const platform = activePlatform(config);
      if (!user?.enabled || !platform || claims.iss !== platform.platform.issuer) return null;
      if (record.spentAt) {
        session.revokedAt = now;
        await tx.appUserSessions.save(session);
        await recordAudit(tx, this.deps, { actor: { kind: 'app_user', id: user.id }, ip: input.ip }, now, {
          action: 'app_user.refresh_token_reused',
          workspaceId: session.workspaceId,
          target: { type: 'app_user_session', id: session.id },
        });
        return null;
      }
      record.spentAt = now;
      await tx.appUserSessions.saveRefreshToken(record);
      return issueAppUserTokens(this.deps, tx, { session, user, config: platform, now });
    });
    if (!outcome) throw invalidGrant();
    return outcome;
  }
}
