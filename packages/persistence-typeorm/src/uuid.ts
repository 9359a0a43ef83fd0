const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids arrive from URLs; a string that is not a UUID can match no row, and
 * asking PostgreSQL anyway would fail the whole statement (and transaction).
 */
export const isUuid = (value: string): boolean => UUID.test(value);

/** The distinct UUIDs among `ids`; anything else names no row. */
export const onlyUuids = (ids: readonly string[]): string[] => [...new Set(ids)].filter(isUuid);
