import { IsIn, IsString, MaxLength } from 'class-validator';
import { Optional } from './optional';

/** `{email, password}` signs in; `{refresh_token}` rotates. Which one is decided by the route. */
export class TokenRequestDto {
  /** Accepted for OAuth-minded clients; when sent it must name the form used. */
  @Optional() @IsIn(['password', 'refresh_token']) grant_type?: 'password' | 'refresh_token';
  @Optional() @IsString() @MaxLength(320) email?: string;
  @Optional() @IsString() @MaxLength(1024) password?: string;
  @Optional() @IsString() @MaxLength(8192) refresh_token?: string;
}

export class LogoutDto {
  @IsString() @MaxLength(8192) refresh_token!: string;
}

/** Password policy (8 to 128 characters) is the domain's: one rule, one code (`invalid_password`). */
export class ChangePasswordDto {
  @IsString() @MaxLength(1024) current_password!: string;
  @IsString() @MaxLength(1024) new_password!: string;
}

export class PasswordLinkInspectDto {
  @IsString() @MaxLength(512) token!: string;
}

export class PasswordLinkRedeemDto {
  @IsString() @MaxLength(512) token!: string;
  @IsString() @MaxLength(1024) password!: string;
}
