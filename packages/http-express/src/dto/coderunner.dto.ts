import { Limits } from '@groundfloor/domain';
import { Allow, IsInt, IsObject, IsString, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { Optional } from './optional';
import { AnyText } from './storable-text';

/*
 * Bodies of the code-execution proxy (spec: Code-execution proxy, Shapes)
 * and of the workloads deploy route (supplement §12). Shapes only: the
 * codes' ranges and the configuration's forms are the domain's.
 */

const UPSTREAM_ID_MAX = 128;
const sizeSchema = (what: string) => ({
  oneOf: [
    { type: 'number' as const, exclusiveMinimum: 0 },
    { type: 'string' as const, maxLength: 32 },
    { type: 'null' as const },
  ],
  description: `${what}, as the code-execution service takes it: a number, or a size such as \`500m\` / \`512Mi\`; \`null\` is not sent`,
});
/** Optional and free of meaning when empty: `null` and `""` are not sent. */
const cronSchema = {
  type: ['string' as const, 'null' as const],
  maxLength: 120,
  description: 'for scheduled jobs: one line; `null` or `""` is not sent',
};

/** `POST …/coderunner/definition`. */
export class CreateDefinitionDto {
  @IsString()
  @MaxLength(4 * Limits.nameMax)
  @JSONSchema({ description: 'one line of 1 to 200 characters' })
  name!: string;

  @Optional()
  @IsString()
  @MaxLength(4 * Limits.coderunnerDescriptionMax)
  @JSONSchema({ description: 'at most 1,000 characters; default empty' })
  description?: string;

  @IsInt()
  @JSONSchema({ description: '1 Function, 2 BackgroundJob, 3 ScheduleJob, 4 Deployment' })
  deploymentType!: number;

  @IsInt()
  @JSONSchema({ description: '1 NodeJS, 2 Python, 3 DotNetScript' })
  languageType!: number;
}

/** `POST …/coderunner/deploy`: the upstream's own deploy body, every field optional. */
export class DeployAppDto {
  @Optional()
  @IsString()
  @MaxLength(UPSTREAM_ID_MAX)
  @JSONSchema({
    description: 'default: `manifest.coderunner.definition_id`, or the version’s own definition',
  })
  DefinitionId?: string;

  @Optional()
  @IsString()
  @MaxLength(UPSTREAM_ID_MAX)
  @JSONSchema({ description: 'default: `manifest.coderunner.version_id`; must be Completed (3)' })
  VersionId?: string;

  @Optional()
  @IsObject()
  @JSONSchema({
    type: 'object',
    additionalProperties: false,
    properties: {
      Cpu: sizeSchema('CPU'),
      Memory: sizeSchema('memory'),
      CronExpression: cronSchema,
    },
    description: 'the deployment configuration; absent values are not sent',
  })
  Configuration?: Record<string, unknown>;
}

/** `POST …/coderunner/run`: sent upstream as it is. */
export class RunAppDto {
  @Optional()
  @AnyText()
  @IsObject()
  @JSONSchema({ type: 'object', description: 'what the code receives; default `{}`' })
  payload?: Record<string, unknown>;
}

/** `POST …/coderunners/{coderunner_id}/deploy` (supplement §12). */
export class DeployWorkloadDto {
  @IsString()
  @MaxLength(UPSTREAM_ID_MAX)
  @JSONSchema({ description: 'a version of the code-execution service; must be Completed (3)' })
  version_id!: string;

  @Allow()
  @JSONSchema(sizeSchema('CPU'))
  cpu?: unknown;

  @Allow()
  @JSONSchema(sizeSchema('memory'))
  memory?: unknown;

  @Allow()
  @JSONSchema(cronSchema)
  cron_expression?: unknown;

  @Allow()
  @JSONSchema({
    description:
      'refused, whatever its value (422 `secret_injection_disabled`): workloads read secrets at run time with an M2M client holding `secrets:read`',
  })
  inject_secret_keys?: unknown;
}

/** `POST …/coderunners/{coderunner_id}/run?version_id=&deployment_id=&deployment_url=`. */
export class RunWorkloadQueryDto {
  @Optional()
  @IsString()
  @MaxLength(UPSTREAM_ID_MAX)
  @JSONSchema({ description: 'run this version’s definition once (when no deployment is named)' })
  version_id?: string;

  @Optional()
  @IsString()
  @MaxLength(UPSTREAM_ID_MAX)
  @JSONSchema({ description: 'run at this deployment’s `externalEndpoint`' })
  deployment_id?: string;

  @Optional()
  @IsString()
  @MaxLength(2048)
  @JSONSchema({
    description:
      "the deployment's `externalEndpoint`, checked against the deployment (the named one, else the workload's); never trusted as sent",
  })
  deployment_url?: string;
}
