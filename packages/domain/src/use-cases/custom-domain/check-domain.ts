import type { CustomDomain, DomainStatus } from '../../custom-domain/custom-domain';
import { verificationRecordOf } from '../../custom-domain/custom-domain';
import type { DnsResolver } from '../../ports/dns-resolver.port';

const DNS_NAME_MAX = 253;

export interface DomainCheck {
  readonly status: Exclude<DomainStatus, 'verifying'>;
  readonly detail: string;
}

/**
 * Supplement §8, what one check finds:
 *
 * | TXT `_svc-verify.<domain>` | where `<domain>` points                               | status   |
 * |----------------------------|--------------------------------------------------------|----------|
 * | lookup failed              |                                                        | error    |
 * | no record with the value   |                                                        | pending  |
 * | has the value              | lookup failed                                          | error    |
 * | has the value              | CNAME to `cname_target`, or (apex ALIAS/ANAME) only    | active   |
 * |                            | addresses `cname_target` has                           |          |
 * | has the value              | anywhere else, or nowhere                              | verified |
 */
export async function checkDomain(
  dns: DnsResolver,
  domain: Pick<CustomDomain, 'domain' | 'verificationToken'>,
  target: string,
): Promise<DomainCheck> {
  const record = verificationRecordOf(domain);
  // A domain may have 253 characters; the record's name, 12 more, cannot exist in DNS past that.
  if (record.name.length > DNS_NAME_MAX)
    return {
      status: 'error',
      detail: `${record.name} is longer than the ${DNS_NAME_MAX} characters a DNS name may have, so no TXT record can prove ${domain.domain}; use a shorter domain`,
    };
  const txt = await dns.resolveTxt(record.name);
  if (txt.status === 'failed')
    return {
      status: 'error',
      detail: `the TXT lookup of ${record.name} failed (${txt.reason}); check again later`,
    };
  if (txt.status === 'not_found')
    return {
      status: 'pending',
      detail: `no TXT record at ${record.name} yet; add one with the value ${record.value}`,
    };
  if (!txt.values.includes(record.value))
    return { status: 'pending', detail: `the TXT records at ${record.name} do not include ${record.value}` };

  const name = domain.domain;
  const pointHere = `point a CNAME for ${name} at ${target} (an apex domain needs an ALIAS or ANAME record)`;
  const cname = await dns.resolveCname(name);
  if (cname.status === 'failed')
    return {
      status: 'error',
      detail: `ownership verified, but the CNAME lookup of ${name} failed (${cname.reason})`,
    };
  if (cname.status === 'found') {
    if (cname.values.includes(target)) return { status: 'active', detail: `${name} points at ${target}` };
    return {
      status: 'verified',
      detail: `ownership verified; ${name} is a CNAME for ${cname.values.join(', ')}; ${pointHere}`,
    };
  }
  // No CNAME: an apex flattened with ALIAS or ANAME answers with the target's addresses.
  const own = await dns.resolveAddresses(name);
  if (own.status === 'failed')
    return {
      status: 'error',
      detail: `ownership verified, but the address lookup of ${name} failed (${own.reason})`,
    };
  if (own.status === 'not_found') return { status: 'verified', detail: `ownership verified; ${pointHere}` };
  const targets = await dns.resolveAddresses(target);
  if (targets.status === 'failed')
    return {
      status: 'error',
      detail: `ownership verified, but the address lookup of ${target} failed (${targets.reason})`,
    };
  if (targets.status === 'found' && own.values.every((address) => targets.values.includes(address)))
    return { status: 'active', detail: `${name} points at ${target} through an ALIAS or ANAME record` };
  return {
    status: 'verified',
    detail: `ownership verified; ${name} has addresses ${target} does not; ${pointHere}`,
  };
}
