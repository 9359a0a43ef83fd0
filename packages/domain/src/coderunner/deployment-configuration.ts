import type { DeploymentConfiguration } from '../ports/code-runner.port';
import { invalid } from '../shared/domain-error';

const fieldProblem = (field: string, message: string) =>
  invalid('invalid_deployment_configuration', `${field} ${message}`, [{ field, message }]);

const size = (field: string, value: unknown): string | number | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  if (typeof value === 'string' && /^[0-9A-Za-z.]{1,32}$/.test(value)) return value;
  throw fieldProblem(field, 'must be a positive number or a size such as 500m or 512Mi');
};

/**
 * Spec, Resources: deployment configuration `Cpu`, `Memory`, `CronExpression`.
 * Their meaning is the upstream's; here they are only kept to sane shapes,
 * `fields` naming them as the route's body does. Every one is optional, so
 * `null` is taken as not given, and so is an empty cron expression (a
 * deployment without a schedule); what is not given is not sent upstream.
 */
export function requireDeploymentConfiguration(
  input: { cpu?: unknown; memory?: unknown; cronExpression?: unknown },
  fields: { cpu: string; memory: string; cronExpression: string },
): DeploymentConfiguration {
  const given = input.cronExpression;
  const cron = given === null || given === '' ? undefined : given;
  if (cron !== undefined && !(typeof cron === 'string' && cron.length <= 120 && /^[^\r\n]+$/.test(cron)))
    throw fieldProblem(fields.cronExpression, 'must be one line of at most 120 characters');
  const cpu = size(fields.cpu, input.cpu);
  const memory = size(fields.memory, input.memory);
  return {
    ...(cpu !== undefined ? { cpu } : {}),
    ...(memory !== undefined ? { memory } : {}),
    ...(cron !== undefined ? { cronExpression: cron as string } : {}),
  };
}
