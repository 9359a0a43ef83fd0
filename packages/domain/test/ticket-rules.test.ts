import {
  canSeeTicket,
  isPagePath,
  looksLikeSecret,
  requireTicketBody,
  requireTicketContext,
  requireTicketSubject,
  sanitizeTicketText,
  TICKET_TRANSITIONS,
  type TicketCategory,
  type TicketEvent,
  type TicketStatus,
  ticketVisibility,
  transitionTicket,
} from '../src';

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
    expect(TICKET_TRANSITIONS.length).toBeGreaterThanOrEqual(14);
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

  it('subjects are one line of 1 to 200 characters after trimming and sanitising', () => {
    expect(requireTicketSubject('  Billing \u202Equestion ')).toBe('Billing question');
    expect(requireTicketSubject('é'.repeat(200))).toHaveLength(200);
    for (const bad of ['', '   ', '\u0000\u202E', 'two\nlines', 'x'.repeat(201)]) {
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
    refused({ error_code: 42 }, 'context.error_code');
    refused({ page_path: '//evil.test' }, 'context.page_path');
  });
});

describe('possible secrets', () => {
  const positives = [
    'my key is AKIAIOSFODNN7EXAMPLE',
    'token ghp_1234567890abcdefghijABCDEFGHIJ123456',
    'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEF',
    'slack xoxb-1234567890-abcdefghijkl',
    'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
    'rk_live_51H8abcdEFGHijklMNOP',
    'OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz123456',
    'AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY',
    '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----',
    '-----BEGIN OPENSSH PRIVATE KEY-----',
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    'password=hunter2!',
    'DB secret: Xk29fLq8',
    'curl -H "x" ?token=a1b2c3d4e5',
    'the value is 9fQ2xZ7LmP4vR8tW1yB6nK3sD5gH0jCq',
    'my password is Summer2024!',
    'secret=supersecretvalue',
    '{"api_key": "abcd1234efgh5678"}',
    'here is my api key: 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c',
    'token 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a',
    'Authorization: Bearer abcdef0123456789abcdef0123456789',
  ];
  const negatives = [
    'I cannot sign in since this morning; the page says "invalid credentials".',
    'workspace 3f2b8c1e-9a4d-4e6b-8c2f-1a2b3c4d5e6f is frozen',
    '3F2B8C1E-9A4D-4E6B-8C2F-1A2B3C4D5E6F',
    'see https://docs.example.com/guides/getting-started/install-the-cli?version=2',
    'broken since commit 1a2b3c4 (and a1b2c3d4e5f6)',
    'full sha 0123456789abcdef0123456789abcdef01234567',
    'I forgot my password: please reset it',
    'password: ********',
    'token=<redacted>',
    'AbstractSingletonProxyFactoryBeanImplementation',
    'the password is expired',
    'my password is not working',
    'the access token expired yesterday',
    'password reset link never arrived',
    'which secret key should the app use?',
  ];
  it.each(positives)('flags %s', (text) => expect(looksLikeSecret(text)).toBe(true));
  it.each(negatives)('does not flag %s', (text) => expect(looksLikeSecret(text)).toBe(false));
});
