import {
  type OidcSettings,
  type SamlSettings,
  type SsoConnection,
  type SsoTestLogin,
  ssoAddresses,
} from '@groundfloor/domain';
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, OneOf, Resource, Timestamp, Uuid } from '../openapi/schema';

/* SSO connections: every field of both protocols, null where the other protocol's; never the client secret. */

const Text = (description?: string) => Nullable(Type.String(description ? { description } : {}));

export const SsoConnectionSchema = Resource('SsoConnection', {
  id: Uuid(),
  protocol: OneOf(['oidc', 'saml'] as const),
  name: Type.String(),
  enabled: Type.Boolean(),
  organization_id: Nullable(Uuid('the tenant it signs users into (multi-tenant)')),
  issuer: Text('OIDC'),
  client_id: Text('OIDC'),
  client_secret_set: Type.Boolean({
    description: 'OIDC: whether a client secret is stored (never returned)',
  }),
  scopes: Nullable(Type.Array(Type.String(), { description: 'OIDC' })),
  authorization_endpoint: Text('OIDC'),
  token_endpoint: Text('OIDC'),
  jwks_uri: Text('OIDC'),
  redirect_uri: Text('OIDC: register it at the identity provider'),
  entity_id: Text("SAML: the IdP's entity ID"),
  sso_url: Text('SAML'),
  certificate: Text('SAML, PEM'),
  acs_url: Text('SAML: the assertion consumer service URL to register at the IdP'),
  sp_entity_id: Text('SAML: our entity ID, to register at the IdP'),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
export const SsoConnectionListSchema = Resource('SsoConnectionList', {
  connections: Type.Array(SsoConnectionSchema),
});

export function ssoConnectionJson(
  c: SsoConnection,
  publicBaseUrl: string,
): Static<typeof SsoConnectionSchema> {
  const addresses = ssoAddresses(publicBaseUrl, c.workspaceId, c.id);
  const oidc = c.protocol === 'oidc' ? (c.settings as unknown as OidcSettings) : null;
  const saml = c.protocol === 'saml' ? (c.settings as unknown as SamlSettings) : null;
  return {
    id: c.id,
    protocol: c.protocol,
    name: c.name,
    enabled: c.enabled,
    organization_id: c.organizationId,
    issuer: oidc?.issuer ?? null,
    client_id: oidc?.clientId ?? null,
    client_secret_set: c.clientSecret !== null,
    scopes: oidc ? [...oidc.scopes] : null,
    authorization_endpoint: oidc?.authorizationEndpoint ?? null,
    token_endpoint: oidc?.tokenEndpoint ?? null,
    jwks_uri: oidc?.jwksUri ?? null,
    redirect_uri: oidc ? addresses.redirectUri : null,
    entity_id: saml?.entityId ?? null,
    sso_url: saml?.ssoUrl ?? null,
    certificate: saml?.certificate ?? null,
    acs_url: saml ? addresses.acsUrl : null,
    sp_entity_id: saml ? addresses.spEntityId : null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export const SsoTestLoginSchema = Resource(
  'SsoTestLogin',
  {
    connection_id: Uuid(),
    protocol: OneOf(['oidc', 'saml'] as const),
    url: Type.String({
      description: "open it in a browser: the IdP's sign-in with this connection's request",
    }),
    return_url: Type.String({ description: 'where the IdP sends the browser back (register it there)' }),
  },
  'A sign-in request to try a connection; the server itself never calls the IdP',
);
export const ssoTestLoginJson = (t: SsoTestLogin): Static<typeof SsoTestLoginSchema> => ({
  connection_id: t.connectionId,
  protocol: t.protocol,
  url: t.url,
  return_url: t.returnUrl,
});
