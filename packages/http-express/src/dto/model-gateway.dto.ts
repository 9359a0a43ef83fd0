import { Limits } from '@groundfloor/domain';
import { IsInt, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { Optional } from './optional';
import { QueryInteger } from './query';

const { usageSinceSeconds: since, usageLimit: limit } = Limits;

/** `GET /llm/usage?since_seconds=&limit=` (spec: Limits); out of range is 422 `invalid_query`. */
export class UsageQueryDto {
  @Optional()
  @QueryInteger()
  @IsInt({ message: `${since.min} to ${since.max}` })
  @Min(since.min, { message: `${since.min} to ${since.max}` })
  @Max(since.max, { message: `${since.min} to ${since.max}` })
  @JSONSchema({
    description: `the window, in seconds back from now: ${since.min} to ${since.max} (default ${since.default})`,
  })
  since_seconds?: number;

  @Optional()
  @QueryInteger()
  @IsInt({ message: `${limit.min} to ${limit.max}` })
  @Min(limit.min, { message: `${limit.min} to ${limit.max}` })
  @Max(limit.max, { message: `${limit.min} to ${limit.max}` })
  @JSONSchema({
    description: `rows read from the gateway, ${limit.min} to ${limit.max} (default ${limit.default}); applied before rows older than the window are dropped`,
  })
  limit?: number;
}
