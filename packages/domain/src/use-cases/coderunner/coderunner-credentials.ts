import type { CodeRunnerCredentials } from '../../ports/code-runner.port';
import type { TokenSigner } from '../../ports/token-signer.port';
import { Limits } from '../../shared/limits';

/** The audience of the JWTs the control plane sends to the code-execution service. */
export const CODERUNNER_AUDIENCE = 'coderunner';

/**
 * Spec, Authentication item 6; supplement §13: a short-lived RS256 JWT for
 * one proxied request (and the upstream calls it makes), naming the
 * workspace and the person. Never logged, audited or answered.
 */
export async function coderunnerCredentials(
  signer: TokenSigner,
  workspaceId: string,
  userId: string,
): Promise<CodeRunnerCredentials> {
  const token = await signer.sign(
    { external_tenant_id: workspaceId, external_user_id: userId },
    { subject: userId, audience: CODERUNNER_AUDIENCE, expiresInSeconds: Limits.coderunnerTokenSeconds },
  );
  return { token, tenantId: workspaceId, userId };
}
