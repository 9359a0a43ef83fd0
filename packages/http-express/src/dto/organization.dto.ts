import { Limits, PLAN_TIERS, type PlanTier } from '@groundfloor/domain';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
} from 'class-validator';

export class NameDto {
  @IsString() @MaxLength(1000) name!: string;
}

export class CreateOrganizationByOperatorDto {
  @IsString() @MaxLength(1000) name!: string;
  @IsOptional() @IsIn(PLAN_TIERS) plan_tier?: PlanTier;
  @IsString() @IsEmail() @MaxLength(320) owner_email!: string;
  @IsOptional()
  @IsString()
  @MinLength(Limits.passwordMin)
  @MaxLength(Limits.passwordMax)
  owner_password?: string;
  @IsOptional() @IsString() @MaxLength(1000) owner_display_name?: string;
}

export class UpdateOrganizationByOperatorDto {
  @IsOptional() @IsIn(PLAN_TIERS) plan_tier?: PlanTier;
  @IsOptional() @IsBoolean() suspended?: boolean;
  /** Keys and values are checked by the domain (known keys, whole numbers or null). */
  @IsOptional() @IsObject() limits?: Record<string, number | null>;
}

export class FreezeWorkspaceDto {
  @IsBoolean() frozen!: boolean;
}

export class UpdateEnvironmentDto {
  @IsOptional() @IsString() @MaxLength(1000) name?: string;
  @IsOptional() @IsIn(['active', 'inactive']) status?: 'active' | 'inactive';
}
