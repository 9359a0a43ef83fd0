/**
 * Where an identity provider sends users back to for one connection: what
 * the administrator registers at the IdP (OIDC redirect URI, SAML ACS URL
 * and SP entity ID). Derived, never stored.
 */
export function ssoAddresses(publicBaseUrl: string, workspaceId: string, connectionId: string) {
  const base = `${publicBaseUrl}/v1/public/workspaces/${workspaceId}/sso/${connectionId}`;
  return {
    redirectUri: `${base}/callback`,
    acsUrl: `${base}/saml/acs`,
    spEntityId: `${base}/saml/metadata`,
  };
}
