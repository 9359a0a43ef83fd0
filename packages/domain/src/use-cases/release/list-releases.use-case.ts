import type { Release } from '../../release/release';
import { noCurrentRelease } from '../../release/release.errors';
import { Limits } from '../../shared/limits';
import { authorizeTeamRead } from '../app/read-access';
import type { Principal } from '../auth/principal';
import type { Deps } from '../deps';
import { requireReleaseApp } from './release-access';

interface ReleaseReadInput {
  readonly caller: Principal;
  readonly workspaceId: string;
  readonly appId: string;
}

/** `GET /apps/{app_id}/releases` (read): the app's releases, newest first, at most 200. */
export class ListReleases {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: ReleaseReadInput): Promise<Release[]> {
    const { read } = this.deps.uow;
    const { workspace } = await authorizeTeamRead(
      read,
      input.caller,
      input.workspaceId,
      'read',
      this.deps.clock.now(),
    );
    const app = await requireReleaseApp(read, workspace.id, input.appId);
    return read.releases.listByApp(app.id, Limits.releasesListed);
  }
}

/** `GET /apps/{app_id}/releases/current` (read): the latest published release; 404 when there is none. */
export class GetCurrentRelease {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock'>) {}

  async execute(input: ReleaseReadInput): Promise<Release> {
    const { read } = this.deps.uow;
    const { workspace } = await authorizeTeamRead(
      read,
      input.caller,
      input.workspaceId,
      'read',
      this.deps.clock.now(),
    );
    const app = await requireReleaseApp(read, workspace.id, input.appId);
    const current = await read.releases.findCurrent(app.id);
    if (!current) throw noCurrentRelease();
    return current;
  }
}
