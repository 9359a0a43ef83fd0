import { Limits } from '@groundfloor/domain';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { Optional } from './optional';
import { QueryInteger } from './query';

/*
 * App users, invite links and app-user tokens: shapes only. The email, the
 * password policy, roles, apps and tenants are the domain's rules (422).
 */

const { firstMax, limitMax } = Limits.appUserList;

export class AppUserPageQueryDto {
  @Optional()
  @QueryInteger()
  @IsInt({ message: `0 to ${firstMax}` })
  @Min(0, { message: `0 to ${firstMax}` })
  @Max(firstMax, { message: `0 to ${firstMax}` })
  @JSONSchema({ description: 'how many to skip, oldest first (default 0)' })
  first?: number;

  @Optional()
  @QueryInteger()
  @IsInt({ message: `1 to ${limitMax}` })
  @Min(1, { message: `1 to ${limitMax}` })
  @Max(limitMax, { message: `1 to ${limitMax}` })
  @JSONSchema({
    description: `at most this many, 1 to ${limitMax} (default ${Limits.appUserList.limitDefault})`,
  })
  limit?: number;
}

class ProfileDto {
  @IsOptional() @IsString() @MaxLength(1000) first_name?: string | null;
  @IsOptional() @IsString() @MaxLength(1000) last_name?: string | null;
  @Optional()
  @IsString()
  @MaxLength(200)
  @JSONSchema({
    description: 'an app role: `viewer`, `user` (the default for a new user), `admin` or custom',
  })
  role?: string;
  @Optional()
  @IsString()
  @MaxLength(100)
  @JSONSchema({
    format: 'uuid',
    description: 'an active `shell_federated` or `standalone` app the sign-in link opens',
  })
  app_id?: string;
}

export class InviteAppUserDto extends ProfileDto {
  @IsString() @MaxLength(320) email!: string;
  @Optional() @IsBoolean() @JSONSchema({ description: 'default true' }) send_email?: boolean;
  @Optional()
  @IsString()
  @MaxLength(100)
  @JSONSchema({ format: 'uuid', description: 'a tenant to add the user to (multi-tenant must be on)' })
  tenant_id?: string;
}

export class AddAppUserDto extends ProfileDto {
  @IsString() @MaxLength(320) email!: string;
  @Optional()
  @IsString()
  @MaxLength(1024)
  @JSONSchema({ writeOnly: true, description: `${Limits.passwordMin} to ${Limits.passwordMax} characters` })
  password?: string;
  @Optional()
  @IsBoolean()
  @JSONSchema({ description: 'true: a temporary password is generated and answered once' })
  generate_password?: boolean;
  @Optional()
  @IsBoolean()
  @JSONSchema({ description: 'with `password`: default true; a generated password is always temporary' })
  temporary_password?: boolean;
}

export class UpdateAppUserDto {
  @Optional() @IsBoolean() enabled?: boolean;
  @Optional()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  @JSONSchema({ description: 'the full list of app roles (replaces the current one)', maxItems: 100 })
  roles?: string[];
}

export class InviteLinkTokenDto {
  @IsString()
  @MaxLength(512)
  @JSONSchema({ description: 'the token after `#token=` in the link' })
  token!: string;
}

export class RedeemInviteLinkDto extends InviteLinkTokenDto {
  @IsString()
  @MaxLength(1024)
  @JSONSchema({ writeOnly: true, description: `${Limits.passwordMin} to ${Limits.passwordMax} characters` })
  password!: string;
}

export class AppUserTokenRequestDto {
  @Optional()
  @IsString()
  @MaxLength(20)
  @JSONSchema({ enum: ['password', 'refresh_token'], description: 'when sent, must name the form used' })
  grant_type?: string;
  @Optional() @IsString() @MaxLength(320) email?: string;
  @Optional() @IsString() @MaxLength(1024) @JSONSchema({ writeOnly: true }) password?: string;
  @Optional()
  @IsString()
  @MaxLength(100)
  @JSONSchema({ format: 'uuid', description: 'the app signing in (`azp`); `shell` when absent' })
  app_id?: string;
  @Optional()
  @IsString()
  @MaxLength(1024)
  @JSONSchema({ writeOnly: true, description: 'required with a temporary password; becomes the password' })
  new_password?: string;
  @Optional() @IsString() @MaxLength(8192) refresh_token?: string;
}

export class CreateTenantDto {
  @IsString() @MaxLength(1000) name!: string;
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @JSONSchema({ description: 'the key of the tenant in the `organization` claim (its id when absent)' })
  alias?: string | null;
  @Optional()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(300, { each: true })
  @JSONSchema({ description: `the tenant's email domains, at most ${Limits.tenantDomainsMax}` })
  domains?: string[];
  @Optional() @IsBoolean() @JSONSchema({ description: 'default true' }) enabled?: boolean;
}

export class UpdateTenantDto {
  @Optional() @IsString() @MaxLength(1000) name?: string;
  @IsOptional() @IsString() @MaxLength(200) alias?: string | null;
  @Optional() @IsArray() @IsString({ each: true }) @MaxLength(300, { each: true }) domains?: string[];
  @Optional() @IsBoolean() enabled?: boolean;
}

export class AddTenantMemberDto {
  @Optional() @IsString() @MaxLength(100) @JSONSchema({ format: 'uuid' }) user_id?: string;
  @Optional() @IsString() @MaxLength(320) email?: string;
}
