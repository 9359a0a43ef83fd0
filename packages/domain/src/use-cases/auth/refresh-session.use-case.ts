import { recordAudit } from '../../audit/record';
import { unauthenticated } from '../../shared/domain-error';
import type { Deps } from '../deps';
import { issueTokenPair, REFRESH_AUDIENCE, type TokenPair } from './token-pair';

const invalidGrant = () =>
  unauthenticated('invalid_refresh_token', 'the refresh token is invalid, spent or revoked');

/**
 * Refresh rotation: each refresh token works once. Presenting a spent one
 * means it was copied, so the whole session is revoked (supplement §3).
 */
export class RefreshSession {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'signer'>) {}

  async execute(input: { refreshToken: string; ip: string | null }): Promise<TokenPair> {
    const claims = await this.deps.signer.verify(input.refreshToken, { audience: REFRESH_AUDIENCE });
    if (claims?.typ !== 'refresh' || typeof claims.jti !== 'string' || typeof claims.sid !== 'string') {
      throw invalidGrant();
    }
    const tokenId = claims.jti;
    const sessionId = claims.sid;
    const now = this.deps.clock.now();
    const outcome = await this.deps.uow.transaction(async (tx) => {
      const session = await tx.sessions.findByIdForUpdate(sessionId);
      const record = await tx.refreshTokens.findByIdForUpdate(tokenId);
      if (!session || !record || record.sessionId !== session.id || session.revokedAt) return null;
      const context = { actor: { kind: 'user' as const, id: session.userId }, ip: input.ip };
      if (record.spentAt) {
        session.revokedAt = now;
        await tx.sessions.save(session);
        await recordAudit(tx, this.deps, context, now, {
          action: 'auth.refresh_token_reused',
          target: { type: 'session', id: session.id },
        });
        return null;
      }
      record.spentAt = now;
      await tx.refreshTokens.save(record);
      return issueTokenPair(this.deps, tx, session, now);
    });
    if (!outcome) throw invalidGrant();
    return outcome;
  }
}
