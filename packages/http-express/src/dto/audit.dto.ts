import { IsInt, IsString, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { Optional } from './optional';
import { QueryInteger } from './query';

/** The audit list's query (supplement §10). Unknown parameters are ignored. */
export class AuditQueryDto {
  @Optional()
  @QueryInteger()
  @IsInt({ message: '1 to 200' })
  @Min(1, { message: '1 to 200' })
  @Max(200, { message: '1 to 200' })
  @JSONSchema({ description: 'events per page, 1 to 200 (default 50)' })
  limit?: number;

  @Optional()
  @IsString()
  @JSONSchema({ description: '`next_cursor` of the previous page: the events before it' })
  before?: string;

  @Optional()
  @IsString()
  @JSONSchema({ description: 'only events with this action, e.g. `secret.revealed`' })
  action?: string;
}
