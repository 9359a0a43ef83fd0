import type { DnsResolver } from '../../ports/dns-resolver.port';
import { invalid } from '../../shared/domain-error';
import { isPublicAddress, parseIpLiteral } from '../../shared/ip-address';

const notPublic = (host: string) =>
  invalid(
    'mail_host_not_public',
    `the mail server ${host} is not on the public Internet (loopback, private, link-local and similar addresses are refused)`,
    [{ field: 'mail.host', message: 'must be a public mail server' }],
  );

/**
 * Spec, Sign-in email rule 1: the host must be a public mail server. An IP
 * literal must be public; a name must resolve, and to public addresses
 * only. `ALLOW_PRIVATE_MAIL_HOSTS` (on-prem, tests) skips the check.
 * The SMTP adapter checks the addresses again when it connects, so a name
 * re-pointed at a private address afterwards is refused then.
 */
export async function requirePublicMailHost(
  dns: DnsResolver,
  host: string,
  allowPrivate: boolean,
): Promise<void> {
  if (allowPrivate) return;
  if (parseIpLiteral(host)) {
    if (!isPublicAddress(host)) throw notPublic(host);
    return;
  }
  const answer = await dns.resolveAddresses(host);
  if (answer.status !== 'found')
    throw invalid(
      'mail_host_unresolvable',
      answer.status === 'failed'
        ? `the address lookup of ${host} failed (${answer.reason}); try again later`
        : `${host} has no address`,
      [{ field: 'mail.host', message: 'must resolve to a public address' }],
    );
  if (!answer.values.every(isPublicAddress)) throw notPublic(host);
}
