import { invalid } from '../shared/domain-error';

/** Where a page of audit events ends: the last event's time and id (ties broken by id). */
export interface AuditCursor {
  readonly createdAt: Date;
  readonly id: string;
}

const CURSOR = /^([0-9a-z]{1,11})-([0-9a-f]{32})$/;

/** Opaque to clients: the time in base 36 and the id's hex digits. */
export const encodeAuditCursor = (c: AuditCursor): string =>
  `${c.createdAt.getTime().toString(36)}-${c.id.replace(/-/g, '').toLowerCase()}`;

export function decodeAuditCursor(text: string): AuditCursor {
  const match = CURSOR.exec(text);
  const ms = match ? Number.parseInt(match[1] as string, 36) : Number.NaN;
  const hex = match?.[2];
  if (!hex || !Number.isSafeInteger(ms) || ms > 8.64e15) {
    throw invalid('invalid_cursor', 'before is not a cursor this API returned', [
      { field: 'before', message: 'not a cursor this API returned' },
    ]);
  }
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { createdAt: new Date(ms), id };
}
