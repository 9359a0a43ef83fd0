import { type App, DOMAIN_APP_KINDS } from '../../app/app';
import { appKindHasNoDomains } from '../../app/app.errors';
import type { CustomDomain } from '../../custom-domain/custom-domain';
import { domainNotFound } from '../../custom-domain/custom-domain.errors';
import { requireHostname } from '../../custom-domain/hostname';
import type { Repositories } from '../../ports/repositories.port';
import { DomainError } from '../../shared/domain-error';
import { requireActiveApp, requireApp } from '../app/app-lookup';

/**
 * The app of a domain route (spec: Custom domains): 404 when it is not the
 * workspace's, 400 for kinds other than `standalone` and legacy
 * `coderunner`, 410 when archived.
 */
export async function requireDomainApp(
  repos: Repositories,
  workspaceId: string,
  appId: string,
  options: { forUpdate?: boolean } = {},
): Promise<App> {
  const app = await requireApp(repos, workspaceId, appId, options);
  if (!DOMAIN_APP_KINDS.includes(app.kind)) throw appKindHasNoDomains();
  return requireActiveApp(app);
}

/**
 * The app's domain named in a path, written as it was added or in any
 * other form of the same name (capitals, Unicode); 404 otherwise.
 */
export async function requireAppDomain(
  repos: Repositories,
  appId: string,
  name: string,
  options: { forUpdate?: boolean } = {},
): Promise<CustomDomain> {
  let hostname: string;
  try {
    hostname = requireHostname(name);
  } catch (err) {
    if (err instanceof DomainError) throw domainNotFound();
    throw err;
  }
  const domain = options.forUpdate
    ? await repos.customDomains.findForUpdate(appId, hostname)
    : await repos.customDomains.find(appId, hostname);
  if (!domain) throw domainNotFound();
  return domain;
}
