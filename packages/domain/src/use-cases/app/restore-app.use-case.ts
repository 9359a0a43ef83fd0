import type { App } from '../../app/app';
import type { Deps } from '../deps';
import { changeStatus, type StatusInput } from './app-status-change';

/** Spec, Apps, POST restore: 409 `app_not_archived` when the app is active. */
export class RestoreApp {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'settings'>) {}

  execute(input: StatusInput): Promise<App> {
    return changeStatus(this.deps, input, 'restore');
  }
}
