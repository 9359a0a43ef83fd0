import { DomainError } from '@groundfloor/domain';
import type { ErrorTranslator } from '@groundfloor/http-express';
import { isDatabaseUnavailable } from '@groundfloor/persistence-typeorm';

/** 503 `database_unavailable`: the database does not answer; retrying in a few seconds is the right move. */
export const databaseUnavailable = () =>
  new DomainError(
    'unavailable',
    'database_unavailable',
    'the database cannot be reached right now; retry shortly',
    [],
    5,
    503,
  );

/** What the adapters' failures mean to clients: an unreachable database is a prompt 503, not a 500. */
export const translateAdapterError: ErrorTranslator = (err) =>
  isDatabaseUnavailable(err) ? databaseUnavailable() : undefined;
