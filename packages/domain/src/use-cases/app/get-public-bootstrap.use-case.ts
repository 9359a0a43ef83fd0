import { appNotFound } from '../../app/app.errors';
import type { Deps } from '../deps';
import type { ShellRelease } from './shell-config';
import { shellConfigOf } from './shell-config';

/** Supplement §9: the public Shell bootstrap, `{app_id, slug, name, workspace_id, release}`. */
export interface PublicBootstrap {
  readonly appId: string;
  readonly slug: string;
  readonly name: string;
  readonly workspaceId: string;
  readonly release: ShellRelease | null;
}

/**
 * `GET /v1/public/workspaces/{workspace_id}/apps/{slug}`, unauthenticated:
 * only active `shell_federated` apps answer; everything else, an unknown
 * workspace included, is the same 404, so the route reveals nothing else.
 */
export class GetPublicBootstrap {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'settings'>) {}

  async execute(input: { workspaceId: string; slug: string }): Promise<PublicBootstrap> {
    const { read } = this.deps.uow;
    const app = await read.apps.findBySlug(input.workspaceId, input.slug);
    if (app?.kind !== 'shell_federated' || app.status !== 'active') throw appNotFound();
    const { release } = await shellConfigOf(read, this.deps.settings, app);
    return { appId: app.id, slug: app.slug, name: app.name, workspaceId: app.workspaceId, release };
  }
}
