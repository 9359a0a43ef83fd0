import type { Deps } from '../deps';
import { changeStatus, type StatusInput } from './app-status-change';

/** Spec, Apps, DELETE: archives (204). */
export class ArchiveApp {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'settings'>) {}

  async execute(input: StatusInput): Promise<void> {
    await changeStatus(this.deps, input, 'delete');
  }
}
