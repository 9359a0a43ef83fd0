import {
  type AppPublicAccess,
  type CustomDomain,
  DOMAIN_STATUSES,
  type DomainVerification,
  type PlatformSettings,
  verificationRecordOf,
} from '@groundfloor/domain';
import { type Static, Type } from '@sinclair/typebox';
import { Closed, Nullable, OneOf, Resource, Timestamp } from '../openapi/schema';

/* Custom domains of standalone apps (supplement §8): the verification token is public by design. */

const DomainStatus = OneOf(
  DOMAIN_STATUSES,
  '`pending` (TXT not found), `verifying` (a check runs), `verified` (TXT matches), `active` (and the domain points at `cname_target`), `error` (a lookup failed)',
);

export const CustomDomainSchema = Resource('CustomDomain', {
  domain: Type.String({ description: 'lowercase ASCII; Unicode names as punycode' }),
  status: DomainStatus,
  cname_target: Type.String({ description: 'point a CNAME (at the apex: ALIAS or ANAME) at this host' }),
  verification_record: Closed(
    {
      type: Type.Literal('TXT'),
      name: Type.String({ description: '`_svc-verify.<domain>`' }),
      value: Type.String({ description: '`svc-verify=<token>`' }),
    },
    'the DNS record that proves control of the domain',
  ),
  last_checked_at: Nullable(Timestamp('the last finished check')),
  detail: Nullable(Type.String({ description: 'what the last check found, for people' })),
});
export const customDomainJson = (
  domain: CustomDomain,
  settings: Pick<PlatformSettings, 'customDomainTarget'>,
): Static<typeof CustomDomainSchema> => ({
  domain: domain.domain,
  status: domain.status,
  cname_target: settings.customDomainTarget,
  verification_record: verificationRecordOf(domain),
  last_checked_at: domain.lastCheckedAt === null ? null : domain.lastCheckedAt.toISOString(),
  detail: domain.detail,
});

export const DomainVerificationSchema = Resource(
  'DomainVerification',
  {
    domain: Type.String(),
    status: DomainStatus,
    verified: Type.Boolean({ description: 'true for `verified` and `active`: ownership is proven' }),
    detail: Type.String({ description: 'what the check found, and what to do next' }),
  },
  'The result of a DNS check',
);
export const domainVerificationJson = (v: DomainVerification): Static<typeof DomainVerificationSchema> => ({
  domain: v.domain,
  status: v.status,
  verified: v.verified,
  detail: v.detail,
});

export const AppPublicAccessSchema = Resource(
  'AppPublicAccess',
  {
    public: Type.Boolean({
      description:
        "whether the app's endpoint (its workload and custom domains) takes callers without a platform token",
    }),
  },
  'Read by the ingress that serves the app',
);
export const appPublicAccessJson = (p: AppPublicAccess): Static<typeof AppPublicAccessSchema> => ({
  public: p.public,
});
