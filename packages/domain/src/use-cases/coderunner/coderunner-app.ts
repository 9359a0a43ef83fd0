import { type App, DOMAIN_APP_KINDS } from '../../app/app';
import { appNotFound } from '../../app/app.errors';
import { appKindHasNoCoderunner } from '../../coderunner/coderunner.errors';
import type { Repositories } from '../../ports/repositories.port';
import { requireActiveApp } from '../app/app-lookup';

/**
 * The app named by `app_slug` in a proxy path (supplement §13): 404 when the
 * workspace has no app with that slug, 400 for kinds other than `standalone`
 * and legacy `coderunner` (as the custom-domain routes answer), 410 when archived.
 */
export async function requireCoderunnerApp(
  repos: Repositories,
  workspaceId: string,
  slug: string,
): Promise<App> {
  const app = await repos.apps.findBySlug(workspaceId, slug);
  if (!app) throw appNotFound();
  if (!DOMAIN_APP_KINDS.includes(app.kind)) throw appKindHasNoCoderunner();
  return requireActiveApp(app);
}
