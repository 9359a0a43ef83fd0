/** Time is passed in, never read: the domain has no clock of its own. */
export interface Clock {
  now(): Date;
}
export const CLOCK = Symbol.for('gf.clock');
