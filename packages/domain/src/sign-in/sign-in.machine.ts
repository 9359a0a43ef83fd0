import type { PlatformSignIn, SignInConfig, SignInMode } from './sign-in-config';

/**
 * What a mode change does to the platform block (spec, States: Workspace
 * sign-in). The block exists from the first time the mode became
 * `platform`; it is never deleted by a mode change, only by DELETE
 * auth/platform.
 *
 * | from      | platform block | to                 | platform block becomes            |
 * |-----------|----------------|--------------------|-----------------------------------|
 * | any       | any            | the same mode      | unchanged                         |
 * | none/ext. | none           | platform           | created, `active`                 |
 * | none/ext. | disabled       | platform           | `active` again (users kept)       |
 * | platform  | active         | none or external   | `disabled` (users not deleted)    |
 * | none      | any            | external           | unchanged                         |
 * | external  | any            | none               | unchanged                         |
 */
export type PlatformBlockEffect = 'unchanged' | 'create' | 'reactivate' | 'disable';

export interface ModeTransition {
  readonly from: SignInMode;
  readonly to: SignInMode;
  /** The platform block before the change: absent, active or disabled. */
  readonly block: 'absent' | 'active' | 'disabled' | 'any';
  readonly effect: PlatformBlockEffect;
}

export const MODE_TRANSITIONS: readonly ModeTransition[] = [
  { from: 'none', to: 'platform', block: 'absent', effect: 'create' },
  { from: 'none', to: 'platform', block: 'disabled', effect: 'reactivate' },
  { from: 'external', to: 'platform', block: 'absent', effect: 'create' },
  { from: 'external', to: 'platform', block: 'disabled', effect: 'reactivate' },
  { from: 'platform', to: 'none', block: 'active', effect: 'disable' },
  { from: 'platform', to: 'external', block: 'active', effect: 'disable' },
  { from: 'none', to: 'external', block: 'any', effect: 'unchanged' },
  { from: 'external', to: 'none', block: 'any', effect: 'unchanged' },
];

const blockOf = (config: SignInConfig): 'absent' | 'active' | 'disabled' =>
  config.platform === null ? 'absent' : config.platform.status;

/**
 * The row of the table for changing `config` to `to`. A block state the
 * table does not list for a row (an active block while the mode is not
 * `platform`, or a missing block while it is) cannot be stored by these
 * rules; it is repaired toward the target mode rather than refused.
 */
export function modeTransition(config: SignInConfig, to: SignInMode): ModeTransition {
  const block = blockOf(config);
  if (config.mode === to) return { from: to, to, block, effect: 'unchanged' };
  const row = MODE_TRANSITIONS.find(
    (t) => t.from === config.mode && t.to === to && (t.block === 'any' || t.block === block),
  );
  if (row) return row;
  if (to === 'platform')
    return { from: config.mode, to, block, effect: block === 'absent' ? 'create' : 'reactivate' };
  return { from: config.mode, to, block, effect: block === 'active' ? 'disable' : 'unchanged' };
}

/** The platform block every workspace gets on first becoming `platform`. */
export function newPlatformBlock(workspaceId: string, publicBaseUrl: string, now: Date): PlatformSignIn {
  return {
    status: 'active',
    realm: `ws-${workspaceId}`,
    issuer: `${publicBaseUrl}/v1/public/workspaces/${workspaceId}`,
    createdAt: now,
    disabledAt: null,
  };
}

/** Applies a mode change in place; returns what it did to the platform block. */
export function changeMode(
  config: SignInConfig,
  to: SignInMode,
  now: Date,
  publicBaseUrl: string,
): PlatformBlockEffect {
  const { effect } = modeTransition(config, to);
  config.mode = to;
  switch (effect) {
    case 'create':
      config.platform = newPlatformBlock(config.workspaceId, publicBaseUrl, now);
      break;
    case 'reactivate':
      if (config.platform) {
        config.platform.status = 'active';
        config.platform.disabledAt = null;
      }
      break;
    case 'disable':
      if (config.platform) {
        config.platform.status = 'disabled';
        config.platform.disabledAt = now;
      }
      break;
    case 'unchanged':
      break;
  }
  return effect;
}
