import { IsArray, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

/*
 * Shape only: the spec's lengths (key 256, value 10,000, description 255) are
 * checked by the domain, which names the field in a 422. The caps here only
 * keep absurd input from reaching it.
 */

export class UpsertSecretDto {
  @IsString() @MaxLength(100_000) value!: string;
  @IsOptional() @IsString() @MaxLength(10_000) description?: string;
}

export class PromoteSecretsDto {
  @IsString() @MaxLength(100) source_environment_id!: string;
  @IsString() @MaxLength(100) target_environment_id!: string;
  @IsOptional() @IsArray() @IsString({ each: true }) @MaxLength(1000, { each: true }) keys?: string[];
  @IsOptional() @IsString() @MaxLength(100) mode?: string;
  @IsOptional() @IsBoolean() dry_run?: boolean;
}
