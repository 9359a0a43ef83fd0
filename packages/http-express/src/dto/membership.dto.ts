import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

/**
 * POST members. Shapes only: which of `user_id` / `email` / `password` may
 * go together (400, before anything else, so a missing `role` or a malformed
 * `user_id` never hides it), the role for the scope, the `user_id` format,
 * the email, the password policy and `expires_at` (422) are the domain's rules.
 */
export class AddMemberDto {
  @IsOptional() @IsString() @MaxLength(64) user_id?: string | null;
  @IsOptional() @IsString() @MaxLength(320) email?: string | null;
  @IsOptional() @IsString() @MaxLength(1024) password?: string | null;
  @IsOptional() @IsBoolean() temporary_password?: boolean | null;
  @IsOptional() @IsBoolean() send_email?: boolean | null;
  @IsOptional() @IsString() @MaxLength(64) role?: string | null;
  @IsOptional() @IsString() @MaxLength(64) expires_at?: string | null;
}

/** PATCH a membership: the new role, checked against the membership's scope by the domain. */
export class ChangeRoleDto {
  @IsString() @MaxLength(64) role!: string;
}
