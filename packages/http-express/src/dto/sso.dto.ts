import { IsArray, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { Optional } from './optional';

/*
 * SSO connections: shape only. Which fields a protocol takes, which it
 * requires and what makes them valid is the domain's (422
 * `invalid_sso_connection` naming each field).
 */

class SsoConnectionFieldsDto {
  @Optional() @IsString() @MaxLength(1000) name?: string;
  @Optional() @IsBoolean() enabled?: boolean;
  @Optional()
  @IsString()
  @MaxLength(4096)
  @JSONSchema({ description: 'OIDC: the issuer (https)' })
  issuer?: string;
  @Optional() @IsString() @MaxLength(4096) @JSONSchema({ description: 'OIDC' }) client_id?: string;
  @IsOptional()
  @IsString()
  @MaxLength(16_384)
  @JSONSchema({
    writeOnly: true,
    description: 'OIDC, write-only: sealed, never returned (`client_secret_set`); null removes it',
  })
  client_secret?: string | null;
  @Optional()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  @JSONSchema({ description: 'OIDC: default `openid email profile`; must include `openid`' })
  scopes?: string[];
  @Optional()
  @IsString()
  @MaxLength(4096)
  @JSONSchema({ description: 'OIDC (https)' })
  authorization_endpoint?: string;
  @IsOptional() @IsString() @MaxLength(4096) @JSONSchema({ description: 'OIDC (https)' }) token_endpoint?:
    | string
    | null;
  @IsOptional() @IsString() @MaxLength(4096) @JSONSchema({ description: 'OIDC (https)' }) jwks_uri?:
    | string
    | null;
  @Optional()
  @IsString()
  @MaxLength(4096)
  @JSONSchema({ description: "SAML: the IdP's entity ID" })
  entity_id?: string;
  @Optional()
  @IsString()
  @MaxLength(4096)
  @JSONSchema({ description: 'SAML: the IdP sign-in URL (https)' })
  sso_url?: string;
  @Optional()
  @IsString()
  @MaxLength(65_536)
  @JSONSchema({ description: "SAML: the IdP's signing certificate, PEM" })
  certificate?: string;
}

export class CreateSsoConnectionDto extends SsoConnectionFieldsDto {
  @IsString() @MaxLength(20) @JSONSchema({ enum: ['oidc', 'saml'] }) protocol!: string;
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @JSONSchema({ format: 'uuid', description: 'a tenant of the workspace (multi-tenant must be on)' })
  organization_id?: string | null;
}

export class UpdateSsoConnectionDto extends SsoConnectionFieldsDto {
  @Optional()
  @IsString()
  @MaxLength(20)
  @JSONSchema({ description: 'cannot change; accepted when it is the same' })
  protocol?: string;
}
