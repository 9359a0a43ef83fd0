import { invalid } from '@groundfloor/domain';

const KEYS = ['Cpu', 'Memory', 'CronExpression'];

/** The proxy deploy body's `Configuration` as the use case takes it; another key is 422, as in any body. */
export function deploymentConfiguration(configuration: Record<string, unknown> | undefined): {
  cpu?: unknown;
  memory?: unknown;
  cronExpression?: unknown;
} {
  if (!configuration) return {};
  const unknown = Object.keys(configuration).filter((key) => !KEYS.includes(key));
  if (unknown.length > 0)
    throw invalid(
      'validation_failed',
      unknown.map((key) => `Configuration.${key}: unknown field`).join('; '),
      unknown.map((key) => ({ field: `Configuration.${key}`, message: 'unknown field' })),
    );
  return {
    cpu: configuration.Cpu,
    memory: configuration.Memory,
    cronExpression: configuration.CronExpression,
  };
}
