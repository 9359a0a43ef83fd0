import type { CodeRunnerEnvelope } from '../ports/code-runner.port';
import type { UpstreamResult } from '../ports/upstream-result';
import {
  coderunnerInvalidAnswer,
  coderunnerNotConfigured,
  coderunnerRejected,
  coderunnerTimeout,
  coderunnerUnavailable,
  PASSED_THROUGH,
} from './coderunner.errors';

/**
 * Supplement §13, what the client hears when the upstream did not answer a 2xx:
 *
 * | upstream                                   | answer                              |
 * |--------------------------------------------|-------------------------------------|
 * | `CODERUNNER_URL` unset                      | 503 `coderunner_not_configured`     |
 * | unreachable, or 5xx                         | 502 `coderunner_unavailable`        |
 * | no answer within the time-out, or 408       | 504 `coderunner_timeout`            |
 * | 400, 403, 404, 409, 410, 413, 422, 429      | the same status, its message, `coderunner_<reason>` |
 * | 401, 407: it refused the control plane's own credentials | 502 `coderunner_unavailable` |
 * | any other 4xx (the proxy and the upstream disagree on the protocol) | 502 `coderunner_unavailable` |
 * | a 2xx that is not an envelope               | 502 `coderunner_invalid_answer`     |
 *
 * A 401 is not passed through: it says the upstream does not trust this
 * installation, not that the caller's own token is bad.
 */
export function requireEnvelope(result: UpstreamResult<CodeRunnerEnvelope>): CodeRunnerEnvelope {
  if (result.ok) return result.value;
  switch (result.failure) {
    case 'not_configured':
      throw coderunnerNotConfigured();
    case 'unreachable':
      throw coderunnerUnavailable('cannot be reached');
    case 'timeout':
      throw coderunnerTimeout();
    case 'server_error':
      throw coderunnerUnavailable(`failed (${result.status})`);
    case 'invalid_answer':
      throw coderunnerInvalidAnswer('the {success, message, data} envelope');
    case 'rejected':
      if (PASSED_THROUGH[result.status])
        throw coderunnerRejected(result.status, result.message, result.retryAfterSeconds);
      if (result.status === 408) throw coderunnerTimeout();
      if (result.status === 401 || result.status === 407)
        throw coderunnerUnavailable("refused the control plane's credentials");
      throw coderunnerUnavailable(`refused the proxied request (${result.status})`);
  }
}
