/**
 * Control characters other than tab, line feed and carriage return (C0, DEL
 * and C1), and the invisible direction marks, embeddings, overrides and
 * isolates that can make text read differently from what it holds. Also
 * half of a UTF-16 surrogate pair without the other half (iterating by code
 * point joins the pairs, so one met alone is unpaired): it is no character
 * at all, and plain text in the database cannot hold it.
 */
export function isRemovedCharacter(codePoint: number): boolean {
  return (
    (codePoint <= 0x1f && codePoint !== 0x09 && codePoint !== 0x0a && codePoint !== 0x0d) ||
    (codePoint >= 0x7f && codePoint <= 0x9f) ||
    codePoint === 0x061c ||
    codePoint === 0x200e ||
    codePoint === 0x200f ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2066 && codePoint <= 0x2069) ||
    (codePoint >= 0xd800 && codePoint <= 0xdfff)
  );
}

/** Ticket text is stored as plain text with those characters removed. */
export function sanitizeTicketText(value: string): string {
  let kept = '';
  for (const ch of value) if (!isRemovedCharacter(ch.codePointAt(0) ?? 0)) kept += ch;
  return kept;
}

export { characterCount } from '../shared/text';
