import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleHttp } from '../../infra/local/http-adapter.js';

/**
 * The API reference page in a real headless Chromium (Debian's; playwright-core downloads no browser).
 * CI installs it (.ci/run); a machine without it skips this file, saying so, unless CI or
 * CHROMIUM_REQUIRED is set: there a missing browser is a failure, not a skip.
 */
function findChromium(): string | undefined {
  const named = process.env.CHROMIUM_PATH;
  if (named) return named;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  try {
    return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    return undefined;
  }
}

const executablePath = findChromium();
const required = Boolean(process.env.CHROMIUM_REQUIRED) || ['1', 'true'].includes(process.env.CI ?? '');
if (!executablePath && !required) {
  console.warn(
    'test/browser/docs-page.test.ts skipped: no chromium found (install it, e.g. apt-get install chromium, ' +
      'or set CHROMIUM_PATH)',
  );
}

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

let server: Server;
let origin: string;
let browser: Browser;
/** Every request the local server received, as method and path with query. */
const served: string[] = [];

describe.skipIf(!executablePath && !required)('the API reference page in a headless browser', () => {
  beforeAll(async () => {
    if (!executablePath) throw new Error('CI must install chromium (.ci/run), or set CHROMIUM_PATH');
    server = createServer((req, res) => {
      served.push(`${req.method} ${req.url}`);
      void handleHttp(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath, args: ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it('renders every tag, finds an operation by its summary, with no console error or warning and nothing off the API', async () => {
    const doc = (await (await fetch(`${origin}/api/v1/openapi.json`)).json()) as any;
    served.length = 0;
    const tags: string[] = doc.tags.map((tag: { name: string }) => tag.name);
    const create = doc.paths['/stock-adjustments'].post;

    const context = await browser.newContext();
    const elsewhere: string[] = [];
    // Offline: anything not for the local API is recorded and refused at once (no DNS wait in CI).
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).origin === origin) return route.continue();
      elsewhere.push(url);
      return route.abort();
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      // Warnings too: Redoc warns about schemas it cannot show (it once skipped `metadata: false`).
      if (message.type() === 'error' || message.type() === 'warning') {
        errors.push(`console ${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));

    const response = await page.goto(`${origin}/api/v1/docs`);
    expect(response?.status()).toBe(200);

    const menu = page.locator('.menu-content');
    for (const tag of tags) {
      const item = menu.locator(`li[data-item-id="tag/${tag}"]`);
      await expect.poll(() => item.count(), { timeout: 20_000, message: `sidebar tag ${tag}` }).toBe(1);
      expect((await item.locator('label').first().textContent())?.trim()).toBe(tag);
    }
    // Nothing in the sidebar but the description's sections, the tags and their operations.
    const topLevel = await menu
      .locator('li[data-item-id]')
      .evaluateAll((items) =>
        items.map((item) => item.getAttribute('data-item-id')!).filter((id) => !id.includes('/operation/')),
      );
    expect(topLevel.filter((id) => id.startsWith('tag/'))).toEqual(tags.map((tag) => `tag/${tag}`));
    expect(topLevel.filter((id) => !id.startsWith('tag/'))).toEqual([
      'section/Authentication',
      'section/Errors',
    ]);

    await page.getByRole('search').getByRole('textbox').fill(create.summary);
    const hit = page.locator(
      `[data-role="search:results"] li[data-item-id="tag/inventory/operation/${create.operationId}"]`,
    );
    await hit.waitFor({ timeout: 10_000 });
    expect(await hit.textContent()).toContain(create.summary);
    await hit.click();
    await expect
      .poll(() => page.url())
      .toBe(`${origin}/api/v1/docs#tag/inventory/operation/${create.operationId}`);

    expect(errors).toEqual([]);
    expect(elsewhere).toEqual([]);
    expect(served.map((request) => request.replace(/\?v=[\w-]+$/, '?v=<digest>'))).toEqual([
      'GET /api/v1/docs',
      'GET /api/v1/docs/renderer.js?v=<digest>',
      'GET /api/v1/openapi.json',
    ]);
    await context.close();
  }, 60_000);
});
