import { Limits } from '@groundfloor/domain';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/** `{email, password}` signs in; `{refresh_token}` rotates. Which one is decided by the route. */
export class TokenRequestDto {
  @IsOptional() @IsString() @MaxLength(320) email?: string;
  @IsOptional() @IsString() @MaxLength(1024) password?: string;
  @IsOptional() @IsString() @MaxLength(8192) refresh_token?: string;
}

export class LogoutDto {
  @IsString() @MaxLength(8192) refresh_token!: string;
}

export class ChangePasswordDto {
  @IsString() @MaxLength(1024) current_password!: string;
  @IsString() @MinLength(Limits.passwordMin) @MaxLength(Limits.passwordMax) new_password!: string;
}

export class PasswordLinkInspectDto {
  @IsString() @MaxLength(512) token!: string;
}

export class PasswordLinkRedeemDto {
  @IsString() @MaxLength(512) token!: string;
  @IsString() @MinLength(Limits.passwordMin) @MaxLength(Limits.passwordMax) password!: string;
}
