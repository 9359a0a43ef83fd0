import { invalid, unavailable } from '../shared/domain-error';

/*
 * Model gateway errors (spec: Errors, Model gateway; supplement §1, §14).
 * Both 502s are `unavailable`; reads never fail for these reasons (usage
 * answers empty rows, models the bring-your-own entries).
 */

/** 502: the key routes need `LLM_GATEWAY_URL` and `LLM_GATEWAY_MASTER_KEY` (supplement §1). */
export const modelGatewayNotConfigured = () =>
  unavailable(
    'model_gateway_not_configured',
    'no model gateway is configured on this installation (LLM_GATEWAY_URL)',
  );

/** 502: spec, Errors: the gateway cannot mint or revoke the key. */
export const modelGatewayUnavailable = (what: 'mint' | 'revoke') =>
  unavailable(
    'model_gateway_unavailable',
    `the model gateway could not ${what} the virtual key; nothing changed; retry later`,
  );

/** 422: spec, Limits: `since_seconds` or `limit` out of range. */
export const usageQueryOutOfRange = (field: string, min: number, max: number) =>
  invalid('invalid_query', `${field} must be a whole number from ${min} to ${max}`, [
    { field, message: `${min} to ${max}` },
  ]);
