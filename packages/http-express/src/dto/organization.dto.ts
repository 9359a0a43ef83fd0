import { PLAN_TIERS, type PlanTier } from '@groundfloor/domain';
import { IsBoolean, IsIn, IsObject, IsString, MaxLength } from 'class-validator';
import { Optional } from './optional';

export class NameDto {
  @IsString() @MaxLength(1000) name!: string;
}

export class CreateOrganizationByOperatorDto {
  @IsString() @MaxLength(1000) name!: string;
  @Optional() @IsIn(PLAN_TIERS) plan_tier?: PlanTier;
  // Checked by the domain, which trims and lowercases an address as every other route does.
  @IsString() @MaxLength(320) owner_email!: string;
  /** The password policy is checked by the domain (`invalid_password`). */
  @Optional() @IsString() @MaxLength(1024) owner_password?: string;
  @Optional() @IsString() @MaxLength(1000) owner_display_name?: string;
}

export class UpdateOrganizationByOperatorDto {
  @Optional() @IsIn(PLAN_TIERS) plan_tier?: PlanTier;
  @Optional() @IsBoolean() suspended?: boolean;
  /** Keys and values are checked by the domain (known keys, whole numbers or null). */
  @Optional() @IsObject() limits?: Record<string, number | null>;
}

export class FreezeWorkspaceDto {
  @IsBoolean() frozen!: boolean;
}

export class UpdateEnvironmentDto {
  @Optional() @IsString() @MaxLength(1000) name?: string;
  @Optional() @IsIn(['active', 'inactive']) status?: 'active' | 'inactive';
}
