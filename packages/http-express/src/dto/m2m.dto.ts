import { IsArray, IsOptional, IsString, MaxLength } from 'class-validator';

export class CreateM2mClientDto {
  @IsString() @MaxLength(1000) name!: string;
  @IsArray() @IsString({ each: true }) @MaxLength(100, { each: true }) scopes!: string[];
}

/** The JSON form of the token exchange. */
export class M2mTokenJsonDto {
  @IsString() @MaxLength(100) client_id!: string;
  @IsString() @MaxLength(1000) client_secret!: string;
}

/** The OAuth 2.0 client-credentials form (RFC 6749 §4.4); credentials may come in HTTP Basic instead. */
export class M2mTokenFormDto {
  @IsString() @MaxLength(100) grant_type!: string;
  @IsOptional() @IsString() @MaxLength(100) client_id?: string;
  @IsOptional() @IsString() @MaxLength(1000) client_secret?: string;
  /** Accepted and ignored: a token always carries the client's scopes. */
  @IsOptional() @IsString() @MaxLength(1000) scope?: string;
}
