/** Produces new entity identifiers (UUIDs). */
export interface IdGenerator {
  next(): string;
}
export const ID_GENERATOR = Symbol.for('gf.ids');
