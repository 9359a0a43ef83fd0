import type { DefinitionInput } from '../ports/code-runner.port';
import { Limits } from '../shared/limits';
import { requireName } from '../shared/text';
import { invalidCoderunnerField } from './coderunner.errors';

/** Spec, Resources: deployment types. */
export const DEPLOYMENT_TYPES: Readonly<Record<number, string>> = {
  1: 'Function',
  2: 'BackgroundJob',
  3: 'ScheduleJob',
  4: 'Deployment',
};
/** Spec, Resources: language types. */
export const LANGUAGE_TYPES: Readonly<Record<number, string>> = {
  1: 'NodeJS',
  2: 'Python',
  3: 'DotNetScript',
};

const codes = (table: Readonly<Record<number, string>>) =>
  Object.entries(table)
    .map(([code, name]) => `${code} (${name})`)
    .join(', ');

/** A definition's fields checked against the spec's codes (422 naming the field otherwise). */
export function requireDefinition(input: {
  name: string;
  description?: string;
  deploymentType: number;
  languageType: number;
}): DefinitionInput {
  const name = requireName(input.name);
  const description = input.description ?? '';
  if ([...description].length > Limits.coderunnerDescriptionMax)
    throw invalidCoderunnerField(
      'invalid_description',
      'description',
      `must be at most ${Limits.coderunnerDescriptionMax} characters`,
    );
  if (!(input.deploymentType in DEPLOYMENT_TYPES))
    throw invalidCoderunnerField(
      'invalid_deployment_type',
      'deploymentType',
      `must be one of ${codes(DEPLOYMENT_TYPES)}`,
    );
  if (!(input.languageType in LANGUAGE_TYPES))
    throw invalidCoderunnerField(
      'invalid_language_type',
      'languageType',
      `must be one of ${codes(LANGUAGE_TYPES)}`,
    );
  return { name, description, deploymentType: input.deploymentType, languageType: input.languageType };
}
