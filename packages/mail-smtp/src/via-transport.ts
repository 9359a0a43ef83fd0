import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress, type SmtpServer } from '@groundfloor/domain';
import { createSmtpTransport, type MailTransport, SMTP_TIMEOUT_MS } from './mail-transport';

/** Opens the transport of a workspace's own server for one message. */
export type ViaTransportFactory = (via: SmtpServer) => Promise<MailTransport>;

/** Why a workspace's server was not connected to, as nodemailer-like error codes the failure summaries read. */
const refusal = (code: string, message: string) => Object.assign(new Error(message), { code });

/** Resolves a name to its addresses (all of them), as the connection will. */
export type AddressLookup = (host: string) => Promise<string[]>;

const systemLookup: AddressLookup = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * The transport of a workspace's custom sign-in mail server: `secure` from
 * `ssl`, `requireTLS` from `starttls`. Unless private hosts are allowed,
 * the name is resolved here and every address must be public (the domain
 * checked when the settings were saved; a name re-pointed since, or DNS
 * rebinding, is refused now); the connection then goes to the checked
 * address, with TLS verifying the original name.
 */
export function viaTransportFactory(options: {
  allowPrivateHosts: boolean;
  timeoutMs?: number;
  lookup?: AddressLookup;
}): ViaTransportFactory {
  const resolve = options.lookup ?? systemLookup;
  return async (via) => {
    let address = via.host;
    let servername: string | undefined;
    if (!options.allowPrivateHosts) {
      let addresses: string[];
      if (isIP(via.host)) addresses = [via.host];
      else {
        try {
          addresses = await resolve(via.host);
        } catch {
          throw refusal('EDNS', 'the mail server name did not resolve');
        }
        servername = via.host;
      }
      if (addresses.length === 0 || !addresses.every(isPublicAddress))
        throw refusal('EPRIVATEHOST', 'the mail server is not on the public Internet');
      address = addresses[0] as string;
    }
    return createSmtpTransport(
      {
        host: address,
        port: via.port,
        secure: via.ssl,
        ...(via.username !== null ? { auth: { user: via.username, pass: via.password ?? '' } } : {}),
      },
      options.timeoutMs ?? SMTP_TIMEOUT_MS,
      { requireTLS: via.starttls, ...(servername ? { servername } : {}) },
    );
  };
}
