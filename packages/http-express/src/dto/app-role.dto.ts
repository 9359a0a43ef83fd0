import { Limits } from '@groundfloor/domain';
import { IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { Optional } from './optional';

const PERMISSIONS_MAX = 200;

export class CreateAppRoleDto {
  @IsString()
  @MaxLength(1000)
  @JSONSchema({ description: `1 to ${Limits.appRoleNameMax} lowercase letters, digits, \`_\` or \`-\`` })
  name!: string;
  @IsArray()
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  @JSONSchema({ maxItems: PERMISSIONS_MAX, description: 'IDs from the permission catalog' })
  permissions!: string[];
  @IsOptional() @IsString() @MaxLength(10_000) description?: string | null;
}

export class UpdateAppRoleDto {
  @Optional()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  @JSONSchema({ maxItems: PERMISSIONS_MAX, description: 'the full replacement list' })
  permissions?: string[];
  @IsOptional() @IsString() @MaxLength(10_000) description?: string | null;
}
