import {
  canSeeTicket,
  isPagePath,
  looksLikeSecret,
  requireTicketBody,
  requireTicketContext,
  requireTicketSubject,
  sanitizeTicketText,
  type TicketCategory,
  type TicketEvent,
  type TicketStatus,
  ticketVisibility,
  transitionTicket,
} from '../src';
import { SECRET_NEGATIVES, SECRET_POSITIVES } from './support/secret-samples';

describe('ticket state machine', () => {
  // One line per row of the spec's Ticket table (plus the operator rows it leaves open).
  const rows: [TicketStatus | 'none', TicketEvent, boolean, TicketStatus | 409, boolean][] = [
    ['none', 'create', false, 'open', true],
    ['open', 'reply', false, 'open', true],
    ['open', 'reply', true, 'waiting_on_groundfloor', true],
    ['waiting_on_customer', 'reply', true, 'waiting_on_groundfloor', true],
    ['waiting_on_groundfloor', 'reply', true, 'waiting_on_groundfloor', true],
    ['waiting_on_customer', 'reply', false, 'waiting_on_groundfloor', true],
    ['resolved', 'reply', false, 'open', true],
    ['resolved', 'reply', true, 'waiting_on_groundfloor', true],
    ['closed', 'reply', true, 409, false],
    ['open', 'resolve', false, 'resolved', true],
    ['waiting_on_customer', 'resolve', true, 'resolved', true],
    ['waiting_on_groundfloor', 'resolve', true, 'resolved', true],
    ['resolved', 'resolve', false, 'resolved', false],
    ['closed', 'resolve', false, 409, false],
    ['open', 'close', false, 'closed', true],
    ['resolved', 'close', false, 'closed', true],
    ['closed', 'close', false, 'closed', false],
    ['open', 'operator_reply', false, 'waiting_on_customer', true],
    ['waiting_on_groundfloor', 'operator_reply', true, 'waiting_on_customer', true],
    ['waiting_on_customer', 'operator_reply', true, 'waiting_on_customer', true],
    ['closed', 'operator_reply', true, 409, false],
    ['waiting_on_customer', 'operator_resolve', true, 'resolved', true],
    ['resolved', 'operator_resolve', true, 'resolved', false],
    ['closed', 'operator_resolve', true, 409, false],
  ];
  it.each(rows)('%s + %s (operator replied: %s) → %s', (from, event, replied, to, changed) => {
    if (to === 409) {
      expect(() => transitionTicket(from, event, replied)).toThrow(
        expect.objectContaining({ kind: 'conflict', code: 'ticket_closed' }),
      );
      return;
    }
    const result = transitionTicket(from, event, replied);
    expect(result.next).toBe(to);
    expect(result.changed).toBe(changed);
  });

  it('marks the reopening replies, which the use case checks against the unresolved ceiling', () => {
    expect(transitionTicket('resolved', 'reply', false).effects).toContain('reopen');
    expect(transitionTicket('resolved', 'reply', true).effects).toContain('reopen');
    expect(transitionTicket('waiting_on_customer', 'reply', true).effects).not.toContain('reopen');
  });

  it('writes system messages for resolution and closure only', () => {
    expect(transitionTicket('open', 'resolve', false).effects).toEqual(['resolution_message']);
    expect(transitionTicket('open', 'close', false).effects).toEqual(['closure_message']);
  });

  // Every status, event and condition, written out from the spec's table and
  // docs/decisions.md: the next status, whether anything is written, the
  // effects; or the refusal. Nothing here is read from the production table.
  type Outcome = [TicketStatus, boolean, string[]] | 'ticket_closed' | 'invalid_ticket_transition';
  const R = 'resolution_message';
  const C = 'closure_message';
  const EVERY: Record<string, [Outcome, Outcome]> = {
    // key: "status event" → [operator has not replied, operator has replied]
    'none create': [
      ['open', true, ['first_message']],
      ['open', true, ['first_message']],
    ],
    'none reply': ['invalid_ticket_transition', 'invalid_ticket_transition'],
    'open create': ['invalid_ticket_transition', 'invalid_ticket_transition'],
    'open reply': [
      ['open', true, []],
      ['waiting_on_groundfloor', true, []],
    ],
    'waiting_on_customer reply': [
      ['waiting_on_groundfloor', true, []],
      ['waiting_on_groundfloor', true, []],
    ],
    'waiting_on_groundfloor reply': ['invalid_ticket_transition', ['waiting_on_groundfloor', true, []]],
    'resolved reply': [
      ['open', true, ['reopen']],
      ['waiting_on_groundfloor', true, ['reopen']],
    ],
    'closed reply': ['ticket_closed', 'ticket_closed'],
    'open resolve': [
      ['resolved', true, [R]],
      ['resolved', true, [R]],
    ],
    'waiting_on_customer resolve': [
      ['resolved', true, [R]],
      ['resolved', true, [R]],
    ],
    'waiting_on_groundfloor resolve': [
      ['resolved', true, [R]],
      ['resolved', true, [R]],
    ],
    'resolved resolve': [
      ['resolved', false, ['no_change']],
      ['resolved', false, ['no_change']],
    ],
    'closed resolve': ['ticket_closed', 'ticket_closed'],
    'open close': [
      ['closed', true, [C]],
      ['closed', true, [C]],
    ],
    'waiting_on_customer close': [
      ['closed', true, [C]],
      ['closed', true, [C]],
    ],
    'waiting_on_groundfloor close': [
      ['closed', true, [C]],
      ['closed', true, [C]],
    ],
    'resolved close': [
      ['closed', true, [C]],
      ['closed', true, [C]],
    ],
    'closed close': [
      ['closed', false, ['no_change']],
      ['closed', false, ['no_change']],
    ],
    'open operator_reply': [
      ['waiting_on_customer', true, []],
      ['waiting_on_customer', true, []],
    ],
    'waiting_on_groundfloor operator_reply': [
      ['waiting_on_customer', true, []],
      ['waiting_on_customer', true, []],
    ],
    'waiting_on_customer operator_reply': [
      ['waiting_on_customer', true, []],
      ['waiting_on_customer', true, []],
    ],
    'resolved operator_reply': [
      ['resolved', true, []],
      ['resolved', true, []],
    ],
    'closed operator_reply': ['ticket_closed', 'ticket_closed'],
    'open operator_resolve': [
      ['resolved', true, [R]],
      ['resolved', true, [R]],
    ],
    'waiting_on_customer operator_resolve': [
      ['resolved', true, [R]],
      ['resolved', true, [R]],
    ],
    'waiting_on_groundfloor operator_resolve': [
      ['resolved', true, [R]],
      ['resolved', true, [R]],
    ],
    'resolved operator_resolve': [
      ['resolved', false, ['no_change']],
      ['resolved', false, ['no_change']],
    ],
    'closed operator_resolve': ['ticket_closed', 'ticket_closed'],
  };
  const cases = Object.entries(EVERY).flatMap(([key, [notReplied, replied]]) => {
    const [from, event] = key.split(' ') as [TicketStatus | 'none', TicketEvent];
    return [
      [from, event, false, notReplied],
      [from, event, true, replied],
    ] as [TicketStatus | 'none', TicketEvent, boolean, Outcome][];
  });
  it.each(cases)('every case: %s + %s (operator replied: %s) → %j', (from, event, replied, outcome) => {
    if (typeof outcome === 'string') {
      expect(() => transitionTicket(from, event, replied)).toThrow(
        expect.objectContaining({ kind: 'conflict', code: outcome }),
      );
      return;
    }
    const [next, changed, effects] = outcome;
    expect(transitionTicket(from, event, replied)).toEqual({ next, changed, effects });
  });
});

describe('ticket visibility', () => {
  const categories: TicketCategory[] = ['billing', 'technical', 'account', 'security', 'other'];
  const others = { requesterUserId: 'someone-else' };
  const seen = (role: Parameters<typeof ticketVisibility>[0]) =>
    categories.filter((category) => canSeeTicket(ticketVisibility(role, 'me'), { ...others, category }));

  it('Owners see every ticket, security included', () => expect(seen('owner')).toEqual(categories));
  it('Admins see all but security', () =>
    expect(seen('admin')).toEqual(['billing', 'technical', 'account', 'other']));
  it('Billing admins see billing tickets', () => expect(seen('billing_admin')).toEqual(['billing']));
  it.each(['writer', 'member', 'partner'] as const)('%s sees only their own', (role) => {
    expect(seen(role)).toEqual([]);
    expect(canSeeTicket(ticketVisibility(role, 'me'), { requesterUserId: 'me', category: 'security' })).toBe(
      true,
    );
  });
});

describe('ticket text', () => {
  it('removes control and invisible direction characters, keeping line breaks and tabs', () => {
    const raw = 'a\u0000b\u0007c\td\ne\rf\u001b[31m\u007f\u0085g\u202Eh\u2066i\u2069\u200E\u200F\u061Cj';
    expect(sanitizeTicketText(raw)).toBe('abc\td\ne\rf[31mghij');
  });

  it('removes half of a surrogate pair met alone, keeping characters written as a pair', () => {
    expect(sanitizeTicketText('a\ud800b\udc00c😀\ud83d')).toBe('abc😀');
  });

  it('subjects are one line of 1 to 200 characters after trimming and sanitising', () => {
    expect(requireTicketSubject('  Billing \u202Equestion ')).toBe('Billing question');
    expect(requireTicketSubject('é'.repeat(200))).toHaveLength(200);
    for (const bad of [
      '',
      '   ',
      '\u0000\u202E',
      'two\nlines',
      'two\u2028lines',
      'two\u2029lines',
      'x'.repeat(201),
    ]) {
      expect(() => requireTicketSubject(bad)).toThrow(
        expect.objectContaining({
          code: 'invalid_subject',
          fieldErrors: [expect.objectContaining({ field: 'subject' })],
        }),
      );
    }
  });

  it('bodies are 1 to 20,000 characters and keep their line breaks', () => {
    expect(requireTicketBody('line 1\nline 2\n', 'body')).toBe('line 1\nline 2\n');
    expect(requireTicketBody('x'.repeat(20_000), 'description')).toHaveLength(20_000);
    expect(() => requireTicketBody('x'.repeat(20_001), 'description')).toThrow(
      expect.objectContaining({ code: 'invalid_description' }),
    );
    expect(() => requireTicketBody(' \n\t', 'body')).toThrow(
      expect.objectContaining({ code: 'invalid_message_body' }),
    );
  });

  it('page paths start with a single slash and hold no scheme, host or whitespace', () => {
    for (const ok of ['/', '/settings/billing', '/apps/x?tab=2#top', '/a:b'])
      expect(isPagePath(ok)).toBe(true);
    for (const bad of [
      '',
      'settings',
      '//evil.test/x',
      '/\\evil.test',
      'https://evil.test/',
      '/a b',
      '/a\tb',
      'javascript:alert(1)',
    ]) {
      expect(isPagePath(bad)).toBe(false);
    }
  });

  it('context holds only the allowed keys, single-line strings within their lengths', () => {
    expect(
      requireTicketContext({
        error_code: 'E42',
        page_path: '/x',
        resource_id: 'r'.repeat(256),
        error_text: 'boom\u202E',
      }),
    ).toEqual({ error_code: 'E42', page_path: '/x', resource_id: 'r'.repeat(256), error_text: 'boom' });
    const refused = (context: Record<string, unknown>, field: string) =>
      expect(() => requireTicketContext(context)).toThrow(
        expect.objectContaining({
          code: 'invalid_context',
          fieldErrors: [expect.objectContaining({ field })],
        }),
      );
    refused({ organization_id: 'x' }, 'context.organization_id');
    refused({ error_code: 'e'.repeat(101) }, 'context.error_code');
    refused({ error_text: 'e'.repeat(501) }, 'context.error_text');
    refused({ resource_id: 'e'.repeat(257) }, 'context.resource_id');
    refused({ error_text: 'two\nlines' }, 'context.error_text');
    refused({ error_text: 'two\u2028lines' }, 'context.error_text');
    refused({ error_code: 42 }, 'context.error_code');
    refused({ page_path: '//evil.test' }, 'context.page_path');
  });
});

describe('possible secrets', () => {
  // Inputs shaped to make a backtracking search read the same run again and
  // again; each is 20,000 characters, the size the quadratic patterns choked on.
  const long = 20_000;
  const repeat = (unit: string) => unit.repeat(Math.ceil(long / unit.length));
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
  const hostilePositives: [string, string][] = [
    ['a.a.a.… then a URL with a password', `${repeat('a.')} postgres://app:hunter2@db`],
    ['http://a:a:a:…@host', `http://${repeat('a:')}@host`],
    ['eyJ-eyJ-… then a JWT', `${repeat('eyJ-')} ${jwt}`],
    ['a base64url run then a JWT', `${repeat('Ab0_')}.${jwt}`],
  ];
  const hostileNegatives: [string, string][] = [
    ['a.a.a.…', repeat('a.')],
    ['a-a-a-…', repeat('a-')],
    ['http://a:a:a:… with no @', `http://${repeat('a:')}`],
    ['a://a://…', repeat('a://')],
    ['eyJ-eyJ-…', repeat('eyJ-')],
    ['eyJ segments too short, dot-separated', repeat('eyJaaaaaaa.')],
    ['a long run of base64url and dots', repeat('aaaaaaaaaaaaaaaaaaaa.')],
    ['31-character words', repeat('abcdefghijklmnopqrstuvwxyz01234 ')],
    ['credential words with no values', repeat('password ')],
    ['a PEM header that never names a private key', `-----BEGIN ${repeat('A ')}`],
  ];
  it.each(SECRET_POSITIVES)('flags %s', (text) => expect(looksLikeSecret(text)).toBe(true));
  it.each(SECRET_NEGATIVES)('does not flag %s', (text) => expect(looksLikeSecret(text)).toBe(false));
  it.each(hostilePositives)('flags %s', (_name, text) => expect(looksLikeSecret(text)).toBe(true));
  it.each(hostileNegatives)('does not flag %s', (_name, text) => expect(looksLikeSecret(text)).toBe(false));
});
