import { invalid } from '../shared/domain-error';

export type EnvironmentStatus = 'active' | 'inactive';
export const ENVIRONMENT_STATUSES: readonly EnvironmentStatus[] = ['active', 'inactive'];

export interface Environment {
  readonly id: string;
  readonly workspaceId: string;
  name: string;
  status: EnvironmentStatus;
  readonly createdAt: Date;
}

/** Every workspace is created with this environment. */
export const DEFAULT_ENVIRONMENT = 'dev';

const ENVIRONMENT_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** Environment names are short lowercase slugs: they appear in URLs, CLIs and secret paths. */
export function requireEnvironmentName(value: string): string {
  const name = value.trim();
  if (!ENVIRONMENT_NAME.test(name)) {
    throw invalid('invalid_environment_name', 'name must be 1 to 63 lowercase letters, digits, _ or -', [
      {
        field: 'name',
        message: 'must be 1 to 63 lowercase letters, digits, _ or -, starting with a letter or digit',
      },
    ]);
  }
  return name;
}
