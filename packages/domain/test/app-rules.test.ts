import {
  type AppEvent,
  type AppStatus,
  BUILTIN_SITE_ROLES,
  deriveVisibility,
  kindsForFilter,
  promotedSlug,
  requireAppSlug,
  requireCollectionName,
  requireCreatableKind,
  transitionApp,
} from '../src';

describe('app slug (spec: App, slug)', () => {
  it.each(['a', '0', '-', 'my-app-2', 'x'.repeat(63)])('accepts %j', (slug) => {
    expect(requireAppSlug(slug)).toBe(slug);
  });
  it.each(['', 'x'.repeat(64), 'My-app', 'my_app', 'my app', 'café', ' app', 'app\n'])(
    'refuses %j with 422',
    (slug) => {
      expect(() => requireAppSlug(slug)).toThrow(
        expect.objectContaining({ kind: 'invalid', code: 'invalid_app_slug' }),
      );
    },
  );
});

describe('app kinds', () => {
  it('creates shell_federated by default and standalone on request; coderunner and unknown kinds are 422', () => {
    expect(requireCreatableKind(undefined)).toBe('shell_federated');
    expect(requireCreatableKind('shell_federated')).toBe('shell_federated');
    expect(requireCreatableKind('standalone')).toBe('standalone');
    for (const kind of ['coderunner', 'product', 'Standalone', '']) {
      expect(() => requireCreatableKind(kind)).toThrow(
        expect.objectContaining({ kind: 'invalid', code: 'app_kind_not_creatable' }),
      );
    }
  });

  // Spec, Apps, GET /apps: what each `kind` filter selects.
  const EXPECTED: [string | undefined, string[]][] = [
    [undefined, ['shell_federated', 'standalone']],
    ['product', ['shell_federated', 'standalone']],
    ['shell_federated', ['shell_federated']],
    ['standalone', ['standalone']],
    ['all', ['coderunner', 'shell_federated', 'standalone']],
    ['coderunner', ['coderunner']],
  ];
  it.each(EXPECTED)('filter %j selects %j', (filter, kinds) => {
    expect([...kindsForFilter(filter)].sort()).toEqual(kinds);
  });
  it.each(['', 'PRODUCT', 'shell', 'job', 'all,coderunner'])('filter %j is 422', (filter) => {
    expect(() => kindsForFilter(filter)).toThrow(
      expect.objectContaining({ kind: 'invalid', code: 'app_kind_filter_invalid' }),
    );
  });
});

describe('App state table (spec: States and transitions, App)', () => {
  // The spec's three rows, plus deleting an archived app (a no-op, docs/apps.md).
  const EXPECTED: [AppStatus, AppEvent, AppStatus | null | 'app_not_archived'][] = [
    ['active', 'delete', 'archived'],
    ['archived', 'restore', 'active'],
    ['active', 'restore', 'app_not_archived'],
    ['archived', 'delete', null],
  ];
  it.each(EXPECTED)('%s + %s → %s', (from, event, expected) => {
    if (expected === 'app_not_archived') {
      expect(() => transitionApp(from, event)).toThrow(
        expect.objectContaining({ kind: 'conflict', code: 'app_not_archived' }),
      );
    } else {
      expect(transitionApp(from, event)).toBe(expected);
    }
  });
});

describe('promoted slug', () => {
  it('appends the target environment made a slug, within 63 characters', () => {
    expect(promotedSlug('shop', 'prod')).toBe('shop-prod');
    expect(promotedSlug('shop', 'qa_eu')).toBe('shop-qa-eu');
    expect(promotedSlug('shop', 'QA EU (Frankfurt)')).toBe('shop-qa-eu-frankfurt');
    expect(promotedSlug('shop', 'Prüfung')).toBe('shop-pr-fung');
    expect(promotedSlug('shop', '日本')).toBe('shop-env');
    expect(() => requireAppSlug(promotedSlug('shop', 'QA EU (Frankfurt)'))).not.toThrow();
    const long = promotedSlug('x'.repeat(63), 'prod');
    expect(long).toBe(`${'x'.repeat(58)}-prod`);
    expect(() => requireAppSlug(promotedSlug('a', 'e'.repeat(63)))).not.toThrow();
  });
});

describe('visibility derivation (spec: Access, apps[].visibility; PUT rule 6)', () => {
  const catalog = BUILTIN_SITE_ROLES.map((name) => ({ name, builtin: true }));
  const EXPECTED: [string[], 'workspace' | 'restricted'][] = [
    [['viewer', 'user'], 'workspace'],
    [['viewer', 'user', 'admin'], 'workspace'],
    [['user', 'viewer'], 'workspace'],
    [['viewer', 'admin'], 'restricted'],
    [['admin'], 'restricted'],
    [[], 'restricted'],
  ];
  it.each(EXPECTED)('launch for %j reads %s', (roles, visibility) => {
    expect(deriveVisibility(catalog, roles)).toBe(visibility);
  });
  it('counts custom roles as non-admin roles', () => {
    const withCustom = [...catalog, { name: 'auditor', builtin: false }];
    expect(deriveVisibility(withCustom, ['viewer', 'user'])).toBe('restricted');
    expect(deriveVisibility(withCustom, ['viewer', 'user', 'auditor'])).toBe('workspace');
  });
});

describe('collection names (supplement §17)', () => {
  it.each(['a', 'orders', 'order_items', 'order-items-2', `a${'b'.repeat(62)}`])('accepts %j', (name) => {
    expect(requireCollectionName(name)).toBe(name);
  });
  it.each(['', '1orders', '_x', '-x', 'Orders', 'or ders', `a${'b'.repeat(63)}`])(
    'refuses %j with 422',
    (name) => {
      expect(() => requireCollectionName(name)).toThrow(
        expect.objectContaining({ kind: 'invalid', code: 'invalid_collection_name' }),
      );
    },
  );
});
