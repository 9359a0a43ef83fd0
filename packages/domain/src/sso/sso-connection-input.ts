import type { FieldError } from '../shared/domain-error';
import { Limits } from '../shared/limits';
import { invalidSsoConnection } from './sso.errors';
import { SSO_PROTOCOLS, type SsoProtocol } from './sso-connection';

/** The fields of an SSO connection a create or update may send (snake_case names in `field`). */
export interface SsoConnectionInput {
  readonly protocol?: string;
  readonly name?: string;
  readonly enabled?: boolean;
  /** OIDC */
  readonly issuer?: string;
  readonly clientId?: string;
  /** Write-only. Absent: unchanged; null: removed. */
  readonly clientSecret?: string | null;
  readonly scopes?: readonly string[];
  readonly authorizationEndpoint?: string;
  readonly tokenEndpoint?: string | null;
  readonly jwksUri?: string | null;
  /** SAML */
  readonly entityId?: string;
  readonly ssoUrl?: string;
  readonly certificate?: string;
}

/** The non-secret settings stored in `SsoConnection.settings`, per protocol. */
export interface OidcSettings {
  readonly issuer: string;
  readonly clientId: string;
  readonly scopes: string[];
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string | null;
  readonly jwksUri: string | null;
}

export interface SamlSettings {
  readonly entityId: string;
  readonly ssoUrl: string;
  readonly certificate: string;
}

const OIDC_FIELDS = [
  'issuer',
  'clientId',
  'clientSecret',
  'scopes',
  'authorizationEndpoint',
  'tokenEndpoint',
  'jwksUri',
] as const;
const SAML_FIELDS = ['entityId', 'ssoUrl', 'certificate'] as const;
const SNAKE: Record<string, string> = {
  clientId: 'client_id',
  clientSecret: 'client_secret',
  authorizationEndpoint: 'authorization_endpoint',
  tokenEndpoint: 'token_endpoint',
  jwksUri: 'jwks_uri',
  entityId: 'entity_id',
  ssoUrl: 'sso_url',
};
const snake = (f: string) => SNAKE[f] ?? f;

export const DEFAULT_OIDC_SCOPES = ['openid', 'email', 'profile'];
const SCOPE = /^[\x21\x23-\x5b\x5d-\x7e]{1,64}$/;
// Controls (C0 and C1) and every line break: these end up in headers and lists.
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const PEM = /^-----BEGIN CERTIFICATE-----\r?\n(?:[A-Za-z0-9+/=]{1,76}\r?\n)+-----END CERTIFICATE-----\r?\n?$/;

/** An absolute `https://` URL without credentials or fragment (no request is ever made to it here). */
function httpsUrl(value: string): boolean {
  if (value.length > Limits.ssoUrlMax || CONTROL.test(value) || /\s/.test(value)) return false;
  const m = /^https:\/\/([^/?#@]+)(\/[^#]*)?$/i.exec(value);
  return m !== null && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(m[1] ?? '') && (m[1] ?? '').includes('.');
}

function text(
  errors: FieldError[],
  field: string,
  value: string | undefined,
  max: number,
): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > max || CONTROL.test(trimmed))
    errors.push({ field, message: `1 to ${max} characters, without control characters` });
  return trimmed;
}

export function requireSsoProtocol(protocol: string | undefined): SsoProtocol {
  if (!SSO_PROTOCOLS.includes(protocol as SsoProtocol))
    throw invalidSsoConnection([{ field: 'protocol', message: 'must be oidc or saml' }]);
  return protocol as SsoProtocol;
}

export interface CheckedSsoFields {
  readonly name?: string;
  readonly enabled?: boolean;
  /** The protocol's settings after the change (current settings with the sent fields over them). */
  readonly settings: OidcSettings | SamlSettings;
  readonly clientSecret?: string | null;
}

/**
 * Checks the fields sent for a connection of `protocol`, over its current
 * settings (none on create, where the protocol's required fields must all
 * be sent). Fields of the other protocol are refused; every problem is named
 * (422 `invalid_sso_connection`).
 */
export function requireSsoFields(
  protocol: SsoProtocol,
  input: SsoConnectionInput,
  current: Record<string, unknown> | null,
): CheckedSsoFields {
  const errors: FieldError[] = [];
  const name = text(errors, 'name', input.name, Limits.ssoNameMax);
  if (current === null && input.name === undefined) errors.push({ field: 'name', message: 'required' });
  const other = protocol === 'oidc' ? SAML_FIELDS : OIDC_FIELDS;
  for (const f of other)
    if (input[f] !== undefined)
      errors.push({ field: snake(f), message: `not a field of ${protocol} connections` });

  const url = (field: string, value: string | null | undefined) => {
    if (value == null) return value;
    if (!httpsUrl(value.trim())) errors.push({ field, message: 'must be an https:// URL' });
    return value.trim();
  };
  const required = (field: string, value: unknown) => {
    if (value === undefined || value === null)
      errors.push({ field, message: `required for ${protocol} connections` });
  };

  let settings: OidcSettings | SamlSettings;
  if (protocol === 'oidc') {
    const was = (current ?? {}) as Partial<OidcSettings>;
    const issuer = url('issuer', input.issuer) ?? was.issuer;
    const clientId = text(errors, 'client_id', input.clientId, Limits.ssoClientIdMax) ?? was.clientId;
    const authorizationEndpoint =
      url('authorization_endpoint', input.authorizationEndpoint) ?? was.authorizationEndpoint;
    const tokenEndpoint =
      input.tokenEndpoint === undefined
        ? (was.tokenEndpoint ?? null)
        : (url('token_endpoint', input.tokenEndpoint) ?? null);
    const jwksUri =
      input.jwksUri === undefined ? (was.jwksUri ?? null) : (url('jwks_uri', input.jwksUri) ?? null);
    let scopes = was.scopes ?? DEFAULT_OIDC_SCOPES;
    if (input.scopes !== undefined) {
      scopes = [...new Set(input.scopes)];
      if (scopes.length > Limits.ssoScopesMax || !scopes.every((s) => SCOPE.test(s)))
        errors.push({ field: 'scopes', message: `at most ${Limits.ssoScopesMax} scope tokens` });
      else if (!scopes.includes('openid')) errors.push({ field: 'scopes', message: 'must include openid' });
    }
    required('issuer', issuer);
    required('client_id', clientId);
    required('authorization_endpoint', authorizationEndpoint);
    if (
      typeof input.clientSecret === 'string' &&
      (input.clientSecret.length === 0 || input.clientSecret.length > Limits.ssoClientSecretMax)
    )
      errors.push({
        field: 'client_secret',
        message: `1 to ${Limits.ssoClientSecretMax} characters (null removes it)`,
      });
    settings = {
      issuer: issuer as string,
      clientId: clientId as string,
      scopes,
      authorizationEndpoint: authorizationEndpoint as string,
      tokenEndpoint,
      jwksUri,
    };
  } else {
    const was = (current ?? {}) as Partial<SamlSettings>;
    const entityId = text(errors, 'entity_id', input.entityId, Limits.ssoUrlMax) ?? was.entityId;
    const ssoUrl = url('sso_url', input.ssoUrl) ?? was.ssoUrl;
    let certificate = was.certificate;
    if (input.certificate !== undefined) {
      certificate = `${input.certificate.trim().replace(/\r\n/g, '\n')}\n`;
      if (certificate.length > Limits.ssoCertificateMax || !PEM.test(certificate))
        errors.push({
          field: 'certificate',
          message: 'must be one PEM X.509 certificate (-----BEGIN CERTIFICATE-----)',
        });
    }
    required('entity_id', entityId);
    required('sso_url', ssoUrl);
    required('certificate', certificate);
    settings = { entityId: entityId as string, ssoUrl: ssoUrl as string, certificate: certificate as string };
  }
  if (errors.length > 0) throw invalidSsoConnection(errors);
  return {
    ...(name !== undefined ? { name } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    settings,
    ...(protocol === 'oidc' && input.clientSecret !== undefined ? { clientSecret: input.clientSecret } : {}),
  };
}

/** The context an SSO client secret is sealed under: a value sealed for another connection does not open here. */
export const ssoClientSecretContext = (workspaceId: string, connectionId: string) =>
  `sso-client-secret:${workspaceId}:${connectionId}`;
