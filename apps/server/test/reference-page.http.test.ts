import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startTestServer, type TestServer } from './support/test-server';

// Debian's chromium by default; CHROMIUM_PATH names another build (e.g. Google Chrome on a hosted runner).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// CI installs Debian's chromium (.ci/run) and must run this; elsewhere it runs when chromium is there.
const browserSuite = existsSync(CHROMIUM) || process.env.CI ? describe : describe.skip;

browserSuite('the reference page at /docs, in headless Chromium', () => {
  let t: TestServer;
  let profile: string;
  beforeAll(async () => {
    t = await startTestServer('pglite');
    profile = mkdtempSync(path.join(tmpdir(), 'gf-chromium-'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('lists the operations, with nothing requested from any other host', async () => {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
    });
    try {
      const page = await context.newPage();
      const origin = new URL(t.running.url).origin;
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'))
          elsewhere.push(url);
      });
      const response = await page.goto(`${origin}/docs`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      // Redoc renders each operation's summary as a heading of its section.
      const heading = page.getByRole('heading', { name: 'Create or replace a secret' });
      await heading.waitFor({ timeout: 20_000 });
      expect(await page.getByText('Exchange M2M client credentials for a token').count()).toBeGreaterThan(0);
      expect(await page.getByText('The support queue across organizations').count()).toBeGreaterThan(0);
      expect(elsewhere).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
