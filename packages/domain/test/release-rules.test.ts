import {
  contentTypeOf,
  findRemoteEntry,
  isBundlePath,
  RELEASE_STATUSES,
  type ReleaseEvent,
  type ReleaseStatus,
  transitionRelease,
} from '../src';

describe('release transitions (release.machine.ts)', () => {
  // Written out independently of RELEASE_TRANSITIONS: status × event → next status or the 409 code.
  const EXPECTED: Record<ReleaseStatus, Record<ReleaseEvent, string>> = {
    awaiting_upload: {
      upload: 'uploaded',
      finalize: 'release_not_uploaded',
      publish: 'impossible',
      refuse: 'impossible',
      abandon: 'impossible',
    },
    uploaded: {
      upload: 'uploaded',
      finalize: 'finalizing',
      publish: 'impossible',
      refuse: 'impossible',
      abandon: 'impossible',
    },
    finalizing: {
      upload: 'release_finalizing',
      finalize: 'release_finalizing',
      publish: 'published',
      refuse: 'refused',
      abandon: 'uploaded',
    },
    published: {
      upload: 'release_already_finalized',
      finalize: 'release_already_finalized',
      publish: 'impossible',
      refuse: 'impossible',
      abandon: 'impossible',
    },
    refused: {
      upload: 'release_already_finalized',
      finalize: 'release_already_finalized',
      publish: 'impossible',
      refuse: 'impossible',
      abandon: 'impossible',
    },
  };

  const outcome = (status: ReleaseStatus, event: ReleaseEvent): string => {
    try {
      return transitionRelease(status, event);
    } catch (err) {
      return (err as { code?: string }).code ?? 'impossible';
    }
  };

  it.each(
    RELEASE_STATUSES.flatMap((s) => (Object.keys(EXPECTED[s]) as ReleaseEvent[]).map((e) => [s, e] as const)),
  )('from %s on %s', (status, event) => {
    expect(outcome(status, event)).toBe(EXPECTED[status][event]);
  });
});

describe('remoteEntry.js location (supplement §9)', () => {
  it.each([
    [['remoteEntry.js', 'a.js'], 'remoteEntry.js'],
    [['dist/remoteEntry.js', 'dist/chunks/a.js'], 'dist/remoteEntry.js'],
    [['remoteEntry.js', 'dist/remoteEntry.js'], 'remoteEntry.js'],
    [['dist/remoteEntry.js', '__MACOSX/dist/._remoteEntry.js'], 'dist/remoteEntry.js'],
    [['dist/remoteEntry.js', 'README.md'], null],
    [['dist/remoteEntry.js', 'other/x.js'], null],
    [['dist/js/remoteEntry.js'], null],
    [['remoteentry.js'], null],
    [[], null],
  ])('in %j it is %j', (paths, expected) => {
    expect(findRemoteEntry(paths)).toBe(expected);
  });
});

describe('bundle paths', () => {
  it.each([
    'remoteEntry.js',
    'assets/app.css',
    'a/b/c/d.js',
    '日本/ファイル.js',
    'name with spaces.txt',
    '..a/b..',
  ])('accepts %j', (path) => expect(isBundlePath(path)).toBe(true));
  it.each([
    '',
    '/etc/passwd',
    '../x',
    'a/../x',
    'a/..',
    './x',
    'a//b',
    'a/',
    'C:/x',
    'a\\b',
    'a\u0000b',
    'x'.repeat(513),
    `${'x'.repeat(256)}/a`,
  ])('refuses %j', (path) => expect(isBundlePath(path)).toBe(false));
});

describe('content types', () => {
  it.each([
    ['remoteEntry.js', 'text/javascript; charset=utf-8'],
    ['chunks/a.MJS', 'text/javascript; charset=utf-8'],
    ['style.css', 'text/css; charset=utf-8'],
    ['index.html', 'text/html; charset=utf-8'],
    ['app.js.map', 'application/json'],
    ['logo.svg', 'image/svg+xml'],
    ['font.woff2', 'font/woff2'],
    ['module.wasm', 'application/wasm'],
    ['LICENSE', 'application/octet-stream'],
    ['.env', 'application/octet-stream'],
    ['archive.tar.gz', 'application/octet-stream'],
  ])('%s is served as %s', (path, type) => expect(contentTypeOf(path)).toBe(type));
});
