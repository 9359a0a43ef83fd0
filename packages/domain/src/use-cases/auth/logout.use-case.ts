import { recordAudit } from '../../audit/record';
import { unauthenticated } from '../../shared/domain-error';
import type { Deps } from '../deps';
import { REFRESH_AUDIENCE } from './token-pair';

/** Ends the session the refresh token belongs to; its access tokens stop working too. */
export class Logout {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'signer'>) {}

  async execute(input: { refreshToken: string; ip: string | null }): Promise<void> {
    const claims = await this.deps.signer.verify(input.refreshToken, { audience: REFRESH_AUDIENCE });
    if (!claims || typeof claims.sid !== 'string') {
      throw unauthenticated('invalid_refresh_token', 'the refresh token is invalid');
    }
    const sessionId = claims.sid;
    const now = this.deps.clock.now();
    await this.deps.uow.transaction(async (tx) => {
      const session = await tx.sessions.findByIdForUpdate(sessionId);
      // Logging out of an ended session is already done: 204 either way.
      if (!session || session.revokedAt) return;
      session.revokedAt = now;
      await tx.sessions.save(session);
      await recordAudit(tx, this.deps, { actor: { kind: 'user', id: session.userId }, ip: input.ip }, now, {
        action: 'auth.signed_out',
        target: { type: 'session', id: session.id },
      });
    });
  }
}
