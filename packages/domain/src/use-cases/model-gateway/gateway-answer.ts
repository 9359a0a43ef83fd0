import { modelGatewayNotConfigured, modelGatewayUnavailable } from '../../model-gateway/model-gateway.errors';
import type { UpstreamResult } from '../../ports/upstream-result';

/** The value of a key call, or its 502: not configured, or the gateway could not do it. */
export function requireGateway<T>(result: UpstreamResult<T>, what: 'mint' | 'revoke'): T {
  if (result.ok) return result.value;
  if (result.failure === 'not_configured') throw modelGatewayNotConfigured();
  throw modelGatewayUnavailable(what);
}
