import type { RefreshToken, Session } from '../../auth/session';
import type { Repositories } from '../../ports/repositories.port';
import { Limits } from '../../shared/limits';
import type { Deps } from '../deps';

export const ACCESS_AUDIENCE = 'control';
export const REFRESH_AUDIENCE = 'control-refresh';

export interface TokenPair {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  readonly expires_in: number;
  readonly refresh_token: string;
  readonly password_change_required: boolean;
}

/** Records a new refresh token for the session and signs both tokens. */
export async function issueTokenPair(
  deps: Pick<Deps, 'ids' | 'signer'>,
  tx: Repositories,
  session: Session,
  now: Date,
): Promise<TokenPair> {
  const refresh: RefreshToken = {
    id: deps.ids.next(),
    sessionId: session.id,
    expiresAt: new Date(now.getTime() + Limits.refreshTokenSeconds * 1000),
    spentAt: null,
  };
  await tx.refreshTokens.save(refresh);
  const [accessToken, refreshToken] = await Promise.all([
    deps.signer.sign(
      { sid: session.id, typ: 'access', pcr: session.passwordChangeRequired },
      { subject: session.userId, audience: ACCESS_AUDIENCE, expiresInSeconds: Limits.accessTokenSeconds },
    ),
    deps.signer.sign(
      { sid: session.id, typ: 'refresh' },
      {
        subject: session.userId,
        audience: REFRESH_AUDIENCE,
        expiresInSeconds: Limits.refreshTokenSeconds,
        jwtid: refresh.id,
      },
    ),
  ]);
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: Limits.accessTokenSeconds,
    refresh_token: refreshToken,
    password_change_required: session.passwordChangeRequired,
  };
}
