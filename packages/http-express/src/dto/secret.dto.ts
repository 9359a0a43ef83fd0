import { IsArray, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { Optional } from './optional';
import { AnyText } from './storable-text';

/*
 * Shape only: the spec's lengths (key 256, value 10,000, description 255) are
 * checked by the domain, which names the field in a 422. The caps here only
 * keep absurd input from reaching it.
 */

export class UpsertSecretDto {
  @AnyText() @IsString() @MaxLength(100_000) value!: string;
  /**
   * Omitted keeps the description; `null` clears it (responses show a missing
   * description as null, so sending one back must work: the exception to
   * "null is not absence").
   */
  @IsOptional() @IsString() @MaxLength(10_000) description?: string | null;
}

export class PromoteSecretsDto {
  @IsString() @MaxLength(100) source_environment_id!: string;
  @IsString() @MaxLength(100) target_environment_id!: string;
  @Optional() @IsArray() @IsString({ each: true }) @MaxLength(1000, { each: true }) keys?: string[];
  @Optional() @IsString() @MaxLength(100) mode?: string;
  @Optional() @IsBoolean() dry_run?: boolean;
}

/** The secret set a route reads or writes. Unknown parameters are ignored. */
export class SecretSetQueryDto {
  @Optional()
  @IsString()
  @JSONSchema({
    format: 'uuid',
    description:
      "an environment of the workspace: that environment's set; absent or empty: the workspace-wide set",
  })
  environment_id?: string;
}

/** The two environments a compare reads. Unknown parameters are ignored. */
export class CompareSecretsQueryDto {
  @IsString({ message: 'required' }) @JSONSchema({ format: 'uuid' }) source_environment_id!: string;
  @IsString({ message: 'required' }) @JSONSchema({ format: 'uuid' }) target_environment_id!: string;
}
