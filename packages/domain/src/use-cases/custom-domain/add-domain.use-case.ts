import { authorizeWorkspaceChange } from '../../access/access-control';
import { type RequestContext, recordAudit } from '../../audit/record';
import type { CustomDomain } from '../../custom-domain/custom-domain';
import { domainCollidesWithBrandedHost, domainTaken } from '../../custom-domain/custom-domain.errors';
import { hostOfUrl, isSameOrSubdomain, requireHostname } from '../../custom-domain/hostname';
import { DomainError } from '../../shared/domain-error';
import type { Deps } from '../deps';
import { requireDomainApp } from './domain-access';

export interface AddDomainInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly appId: string;
  readonly domain: string;
  readonly context: RequestContext;
}

/**
 * `POST /apps/{app_id}/coderunner/domains` (write): 201 with the domain
 * `pending` and the TXT record that proves ownership. 409 when any app of
 * the platform has it already (the unique index decides a race) or when it
 * is a branded host: a custom sign-in host, or the platform's own public
 * host or `cname_target`, or a name under them.
 */
export class AddDomain {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'secretTokens' | 'settings'>) {}

  async execute(input: AddDomainInput): Promise<CustomDomain> {
    const now = this.deps.clock.now();
    return this.deps.uow.transaction(async (tx) => {
      const { workspace, organization } = await authorizeWorkspaceChange(
        tx,
        input.userId,
        input.workspaceId,
        'write',
        now,
      );
      const app = await requireDomainApp(tx, workspace.id, input.appId);
      const hostname = requireHostname(input.domain);
      // A sign-in host claimed at the same moment must see this domain, or this add that host.
      await tx.brandedHosts.lockHostname(hostname);
      const platformHosts = [
        hostOfUrl(this.deps.settings.publicBaseUrl),
        this.deps.settings.customDomainTarget,
      ];
      if (
        platformHosts.some((host) => isSameOrSubdomain(hostname, host)) ||
        (await tx.brandedHosts.isBrandedHost(hostname))
      )
        throw domainCollidesWithBrandedHost();
      const domain: CustomDomain = {
        id: this.deps.ids.next(),
        workspaceId: workspace.id,
        appId: app.id,
        domain: hostname,
        status: 'pending',
        verificationToken: this.deps.secretTokens.generate(),
        lastCheckedAt: null,
        detail: null,
        createdAt: now,
      };
      try {
        await tx.customDomains.insert(domain);
      } catch (err) {
        if (err instanceof DomainError && err.code === 'duplicate') throw domainTaken();
        throw err;
      }
      await recordAudit(tx, this.deps, input.context, now, {
        action: 'app_domain.added',
        organizationId: organization.id,
        workspaceId: workspace.id,
        target: { type: 'app_domain', id: domain.id },
        details: { app_id: app.id, domain: hostname },
      });
      return domain;
    });
  }
}
