import type { CodeRunner, CodeRunnerEnvelope } from '../ports/code-runner.port';
import type { UpstreamResult } from '../ports/upstream-result';
import {
  coderunnerInvalidAnswer,
  coderunnerNotConfigured,
  coderunnerRejected,
  coderunnerTimeout,
  coderunnerUnavailable,
} from './coderunner.errors';

/**
 * Supplement §1: without `CODERUNNER_URL` every code-execution route answers
 * 503. Asked right after the caller's permission and the app or workload
 * are checked, before any refusal about recorded ids (409), which would
 * send the client to a step that cannot succeed on this installation either.
 */
export function requireConfigured(codeRunner: Pick<CodeRunner, 'configured'>): void {
  if (!codeRunner.configured) throw coderunnerNotConfigured();
}

/**
 * Supplement §13, what the client hears when the upstream did not answer a 2xx:
 *
 * | upstream                                   | answer                              |
 * |--------------------------------------------|-------------------------------------|
 * | `CODERUNNER_URL` unset                      | 503 `coderunner_not_configured`     |
 * | unreachable, or 5xx                         | 502 `coderunner_unavailable`        |
 * | no answer within the time-out               | 504 `coderunner_timeout`            |
 * | any 4xx                                     | the same status, its message, `coderunner_<reason>` (`coderunner_rejected` for a status without a name) |
 * | a 2xx that is not an envelope               | 502 `coderunner_invalid_answer`     |
 *
 * Every 4xx is passed through as the supplement says, 401, 407 and 408
 * included: the status is the upstream's, and its code tells it apart from
 * the control plane's own refusals (`invalid_token`, …).
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
      // Adapters report only 4xx as refusals; anything else is not an answer the contract knows.
      if (result.status < 400 || result.status > 499)
        throw coderunnerInvalidAnswer(`a status the contract describes (${result.status})`);
      throw coderunnerRejected(result.status, result.message, result.retryAfterSeconds);
  }
}

/**
 * A 2xx envelope with `success: false`: the service declined the step. The
 * client gets it as the service gave it (200, its message), and nothing is
 * recorded, so no id is looked for in it.
 */
export const declined = (envelope: CodeRunnerEnvelope): boolean => envelope.success === false;
