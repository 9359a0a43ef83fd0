import { BRANDING_CONTENT_TYPES, Limits } from '@groundfloor/domain';
import { Allow, IsBoolean, IsInt, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { dtoSchema } from '../openapi/dto-schema';
import { Optional } from './optional';

/*
 * PUT auth: shape only, one DTO per block (each block is parsed with its own
 * DTO, so a field error names `mail.port`); the domain checks values and
 * names the field in its 422. Read-only fields a client sends back from a
 * GET are accepted and ignored, so GET-modify-PUT works.
 */

const readOnly = (description: string) =>
  JSONSchema({ description: `read-only: ${description}; ignored when sent` });

/** Base64 of the image cap, with room for the data URL prefix. */
const IMAGE_DATA_URL_MAX = Math.ceil((Limits.brandingAssetBytesMax * 4) / 3) + 200;

export class SignInMailDto {
  @Optional()
  @IsString()
  @MaxLength(20)
  @JSONSchema({ enum: ['platform', 'custom'], description: '`custom` replaces the whole stored block' })
  mode?: string;
  @IsOptional() @IsString() @MaxLength(1000) from_display_name?: string | null;
  @IsOptional() @IsString() @MaxLength(1000) from_email?: string | null;
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  @JSONSchema({
    description: 'a public mail server (name or IP address); no host and no mode: back to platform',
  })
  host?: string | null;
  @IsOptional() @IsInt() @JSONSchema({ enum: [25, 465, 587, 2525] }) port?: number | null;
  @IsOptional() @IsString() @MaxLength(1000) username?: string | null;
  @IsOptional()
  @IsString()
  @MaxLength(4 * Limits.mailPasswordMax)
  @JSONSchema({
    writeOnly: true,
    description:
      'write-only. Omitted: the saved one is kept for the same host and port unless SSL or STARTTLS is turned off; null removes it',
  })
  password?: string | null;
  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'TLS from the first byte (port 465); default true on 465' })
  ssl?: boolean | null;
  @IsOptional() @IsBoolean() @JSONSchema({ description: 'require STARTTLS; default false' }) starttls?:
    | boolean
    | null;
  @Allow() @readOnly('whether a password is stored') password_set?: unknown;
}

export class SignInHostDto {
  @IsOptional()
  @IsString()
  @MaxLength(4 * Limits.domainMax)
  @JSONSchema({ description: 'the custom sign-in host; a new host starts `pending`; null removes the claim' })
  custom_domain?: string | null;
  @Allow() @readOnly('the claim status') custom_domain_status?: unknown;
  @Allow() @readOnly('the TXT record to publish') custom_domain_verification?: unknown;
  @Allow() @readOnly('when the claim was made or renewed') claimed_at?: unknown;
  @Allow() @readOnly('when the host was verified') verified_at?: unknown;
  @Allow() @readOnly('when a pending claim is cleared') claim_expires_at?: unknown;
}

export class MultiTenantDto {
  @IsBoolean() enabled!: boolean;
}

const image = (kind: string) =>
  JSONSchema({
    type: ['string', 'null'],
    description:
      `the ${kind} as a data URL (\`data:<type>;base64,<bytes>\`) of ${BRANDING_CONTENT_TYPES.join(', ')}, ` +
      `at most ${Limits.brandingAssetBytesMax / 1024} KiB decoded; null removes it`,
  });

export class SignInBrandingDto {
  @IsOptional() @IsString() @MaxLength(1000) display_name?: string | null;
  @IsOptional() @IsString() @MaxLength(100) @JSONSchema({ description: '`#rrggbb`' }) primary_color?:
    | string
    | null;
  @IsOptional() @IsString() @MaxLength(100) @JSONSchema({ description: '`#rrggbb`' }) background_color?:
    | string
    | null;
  @IsOptional() @IsString() @MaxLength(100) @JSONSchema({ description: '`#rrggbb`' }) text_color?:
    | string
    | null;
  @IsOptional() @IsString() @MaxLength(IMAGE_DATA_URL_MAX) @image('logo') logo?: string | null;
  @IsOptional() @IsString() @MaxLength(IMAGE_DATA_URL_MAX) @image('favicon') favicon?: string | null;
  @IsOptional() @IsString() @MaxLength(IMAGE_DATA_URL_MAX) @image('login page background') login_background?:
    | string
    | null;
  @Allow() @readOnly('the public logo address') logo_url?: unknown;
  @Allow() @readOnly('the public favicon address') favicon_url?: unknown;
  @Allow() @readOnly('the public background address') login_background_url?: unknown;
}

/** `PUT /v1/workspaces/{workspace_id}/auth`: every block optional (a partial change). */
export class PutSignInConfigDto {
  @Optional()
  @IsString()
  @MaxLength(20)
  @JSONSchema({ enum: ['none', 'platform', 'external'] })
  mode?: string;
  @IsOptional()
  @IsObject()
  @JSONSchema({
    type: 'object',
    description:
      "the external identity provider's settings, stored as sent (at most 8 KiB; no secrets: they are read back); null removes them",
  })
  external?: Record<string, unknown> | null;
  @IsOptional()
  @IsObject()
  @JSONSchema({
    type: 'object',
    description: 'read-only (status, realm, issuer follow `mode`); ignored when sent',
  })
  platform?: Record<string, unknown> | null;
  @Optional() @IsObject() @JSONSchema(dtoSchema(MultiTenantDto)) multi_tenant?: Record<string, unknown>;
  @Optional() @IsObject() @JSONSchema(dtoSchema(SignInHostDto)) host?: Record<string, unknown>;
  @IsOptional()
  @IsObject()
  @JSONSchema({
    ...dtoSchema(SignInBrandingDto),
    description: 'absent fields stay; null removes all branding',
  })
  branding?: Record<string, unknown> | null;
  @Optional() @IsObject() @JSONSchema(dtoSchema(SignInMailDto)) mail?: Record<string, unknown>;
  @Allow() @readOnly('the workspace') workspace_id?: unknown;
  @Allow() @readOnly('where a custom host points') cname_target?: unknown;
}

/**
 * `DELETE auth/platform`. `confirm_name` is taken as whatever was sent: a
 * missing or non-string one is no name, which the use case answers 400
 * `confirm_name_mismatch` like a wrong one (spec: "else 400"), not 422.
 */
export class DeletePlatformSignInDto {
  @Allow()
  @JSONSchema({
    type: 'string',
    description: "the workspace's name (spaces around it and letter case do not matter); otherwise 400",
  })
  confirm_name!: unknown;
}

/** `POST auth/mail/test`: no body tests the saved settings; `mail` tests these (unsaved) ones. */
export class TestSignInMailDto {
  @Optional() @IsObject() @JSONSchema(dtoSchema(SignInMailDto)) mail?: Record<string, unknown>;
}
