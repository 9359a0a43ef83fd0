import { invalid } from '../shared/domain-error';
import { hasLineBreak } from '../shared/text';

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

const NAME_MAX = 63;
// Line breaks, tabs and other control characters: a name is one line of text.
const CONTROL = /\p{Cc}/u;

/**
 * An environment's name as the team writes it (`dev`, `Staging`, `QA EU`):
 * one line of 1 to 63 characters after trimming. The spec asks only that
 * names be unique in a workspace; where a name must become part of a slug,
 * it is turned into one there (`promotedSlug`).
 */
export function requireEnvironmentName(value: string): string {
  const name = value.trim();
  if (name.length === 0 || [...name].length > NAME_MAX || CONTROL.test(name) || hasLineBreak(name)) {
    throw invalid('invalid_environment_name', 'name must be one line of 1 to 63 characters', [
      { field: 'name', message: 'must be one line of 1 to 63 characters' },
    ]);
  }
  return name;
}
