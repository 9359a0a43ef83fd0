import { authorizeWorkspace } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import { authnRequestXml, samlRedirectRequest } from '../../sso/saml-request';
import { ssoConnectionNotFound } from '../../sso/sso.errors';
import type { OidcSettings, SamlSettings } from '../../sso/sso-connection-input';
import type { Deps } from '../deps';
import { ssoAddresses } from './sso-addresses';

/** What an administrator opens to try a connection: the IdP's sign-in page, with our request. */
export interface SsoTestLogin {
  readonly connectionId: string;
  readonly protocol: 'oidc' | 'saml';
  /** Open in a browser: the IdP's authorization (OIDC) or SAML sign-in URL with the request. */
  readonly url: string;
  /** Where the IdP will send the browser back: register it at the IdP. */
  readonly returnUrl: string;
}

const query = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
const withQuery = (url: string, params: Record<string, string>) =>
  `${url}${url.includes('?') ? '&' : '?'}${query(params)}`;

/**
 * `POST /auth/sso/{connection_id}/test-login` (administer): builds the
 * request an administrator opens in a browser to see the IdP accept the
 * connection's settings (client id and redirect URI, or the SAML issuer and
 * ACS URL). The server makes no request of its own to the IdP: its
 * addresses are the customer's input, and fetching them from inside the
 * platform would let anyone with administer reach internal services (SSRF).
 * Works on disabled connections (trying before enabling is the point) and
 * while frozen (nothing changes); audited.
 */
export class TestSsoLogin {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'secretTokens' | 'settings'>) {}

  async execute(input: {
    userId: string;
    workspaceId: string;
    connectionId: string;
    context: RequestContext;
  }): Promise<SsoTestLogin> {
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspace(
        tx,
        input.userId,
        input.workspaceId,
        'administer',
        now,
      );
      const connection = await tx.ssoConnections.findById(workspace.id, input.connectionId);
      if (!connection) throw ssoConnectionNotFound();
      const addresses = ssoAddresses(this.deps.settings.publicBaseUrl, workspace.id, connection.id);
      let result: SsoTestLogin;
      if (connection.protocol === 'oidc') {
        const s = connection.settings as unknown as OidcSettings;
        result = {
          connectionId: connection.id,
          protocol: 'oidc',
          returnUrl: addresses.redirectUri,
          url: withQuery(s.authorizationEndpoint, {
            response_type: 'code',
            client_id: s.clientId,
            redirect_uri: addresses.redirectUri,
            scope: s.scopes.join(' '),
            state: this.deps.secretTokens.generate(),
            nonce: this.deps.secretTokens.generate(),
            prompt: 'login',
          }),
        };
      } else {
        const s = connection.settings as unknown as SamlSettings;
        const xml = authnRequestXml({
          id: `_${this.deps.ids.next()}`,
          issueInstant: now,
          destination: s.ssoUrl,
          spEntityId: addresses.spEntityId,
          acsUrl: addresses.acsUrl,
        });
        result = {
          connectionId: connection.id,
          protocol: 'saml',
          returnUrl: addresses.acsUrl,
          url: withQuery(s.ssoUrl, {
            SAMLRequest: samlRedirectRequest(xml),
            RelayState: this.deps.secretTokens.generate(),
          }),
        };
      }
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'sso_connection.test_login',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'sso_connection', id: connection.id },
        details: { name: connection.name, protocol: connection.protocol },
      });
      return result;
    });
  }
}
