import type { EntityManager, FindOneOptions, ObjectLiteral } from 'typeorm';

/** Where a repository's statements run: one transaction's manager, or the shared one for plain reads. */
export interface RepositoryScope {
  manager(): EntityManager;
  /** Row locks only mean something inside a transaction; plain reads of `…ForUpdate` just read. */
  readonly inTransaction: boolean;
}

/** `SELECT … FOR UPDATE` when asked for inside a transaction. */
export function lockFor<T extends ObjectLiteral>(
  scope: RepositoryScope,
  forUpdate: boolean,
): FindOneOptions<T> {
  return forUpdate && scope.inTransaction ? { lock: { mode: 'pessimistic_write' } } : {};
}
