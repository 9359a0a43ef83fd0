import type { AppStatus } from './app';
import { appNotArchived } from './app.errors';

export type AppEvent = 'delete' | 'restore';

export interface AppTransition {
  readonly from: AppStatus;
  readonly on: AppEvent;
  /** `unchanged`: nothing is written. */
  readonly to: AppStatus | 'unchanged';
  /** The answer when the row refuses the event. */
  readonly refused?: 'app_not_archived';
}

/**
 * The spec's App table, row for row, then one row it leaves open: deleting
 * an app that is already archived changes nothing and still answers 204, as
 * deleting twice should (docs/apps.md).
 */
export const APP_TRANSITIONS: readonly AppTransition[] = [
  { from: 'active', on: 'delete', to: 'archived' },
  { from: 'archived', on: 'restore', to: 'active' },
  { from: 'active', on: 'restore', to: 'unchanged', refused: 'app_not_archived' },
  { from: 'archived', on: 'delete', to: 'unchanged' },
];

/** The app's next status, or null when nothing changes; throws the row's refusal. */
export function transitionApp(current: AppStatus, event: AppEvent): AppStatus | null {
  const row = APP_TRANSITIONS.find((r) => r.from === current && r.on === event);
  if (!row) throw new Error(`no App transition from ${current} on ${event}`);
  if (row.refused === 'app_not_archived') throw appNotArchived();
  return row.to === 'unchanged' ? null : row.to;
}
