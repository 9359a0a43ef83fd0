import { IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { Optional } from './optional';

export class CreateM2mClientDto {
  @IsString() @MaxLength(1000) name!: string;
  /** Optional (spec: "machine clients, with optional scopes"); omitted means none. */
  @Optional() @IsArray() @IsString({ each: true }) @MaxLength(100, { each: true }) scopes?: string[];
}

/**
 * The JSON form of the token exchange. The credentials may come in HTTP Basic
 * instead (then the body may be empty); `grant_type`, if sent, must be
 * `client_credentials`.
 */
export class M2mTokenJsonDto {
  @IsOptional() @IsString() @MaxLength(100) grant_type?: string;
  @IsOptional() @IsString() @MaxLength(100) client_id?: string;
  @IsOptional() @IsString() @MaxLength(1000) client_secret?: string;
  /** Accepted and ignored, as in the form. */
  @IsOptional() @IsString() @MaxLength(1000) scope?: string;
}

/** The OAuth 2.0 client-credentials form (RFC 6749 §4.4); credentials may come in HTTP Basic instead. */
export class M2mTokenFormDto {
  @IsString() @MaxLength(100) grant_type!: string;
  @IsOptional() @IsString() @MaxLength(100) client_id?: string;
  @IsOptional() @IsString() @MaxLength(1000) client_secret?: string;
  /** Accepted and ignored: a token always carries the client's scopes. */
  @IsOptional() @IsString() @MaxLength(1000) scope?: string;
}
