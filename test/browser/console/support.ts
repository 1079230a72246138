/**
 * What every console browser test needs (docs/console.md, "Browser tests"): the console built from these
 * sources and served by the local HTTP server over the run's DynamoDB Local, a headless Chromium
 * (Debian's; playwright-core downloads none), an organisation with keys of given scopes and permissions,
 * a page signed in at a given width, axe-core, screenshots, and a record of every request.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { buildConsole, type ConsoleManifest } from '../../../console/build.js';
import type { PermissionGrant } from '../../../domain/auth/permissions.js';
import type { Scope } from '../../../domain/auth/scopes.js';
import { handleHttp } from '../../../infra/local/http-adapter.js';
import { keyFor, newTenant, type Tenant } from '../../support/api.js';

export function findChromium(): string | undefined {
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
/** Whether this machine runs the browser tests: CI must (a missing browser fails there, not skips). */
export const browserAvailable = Boolean(executablePath) || required;
if (!browserAvailable) {
  console.warn(
    'test/browser/console skipped: no chromium found (apt-get install chromium, or set CHROMIUM_PATH)',
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

/** The widths every screen must work at: a desk and a phone. */
export const WIDTHS = { desktop: 1280, phone: 390 } as const;
export type Width = keyof typeof WIDTHS;

export const SCREENSHOTS = join(process.cwd(), 'test-results', 'console');

export interface ConsoleEnv {
  origin: string;
  /** The page's URL: `${origin}/api/v1/console`. */
  url: string;
  browser: Browser;
  manifest: ConsoleManifest;
  /** Every request the local server received, as `METHOD /path?query`. */
  served: string[];
  /** Every request the browser tried to send anywhere else (refused at once). */
  elsewhere: string[];
  /** Console errors and page errors of every page opened. */
  errors: string[];
  stop: () => Promise<void>;
}

/** Builds the console, starts the server and the browser. Call in beforeAll; `stop` in afterAll. */
export async function startConsole(): Promise<ConsoleEnv> {
  if (!executablePath) throw new Error('CI must install chromium (.ci/run), or set CHROMIUM_PATH');
  const manifest = await buildConsole();
  const served: string[] = [];
  const server: Server = createServer((req, res) => {
    served.push(`${req.method} ${req.url}`);
    void handleHttp(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath, args: ARGS });
  const env: ConsoleEnv = {
    origin,
    url: `${origin}/api/v1/console`,
    browser,
    manifest,
    served,
    elsewhere: [],
    errors: [],
    stop: async () => {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return env;
}

/** An organisation with a full key, and narrower keys on demand. */
export interface Org extends Tenant {
  keyWith: (scopes: Scope[], permissions?: PermissionGrant) => Promise<string>;
}

export async function newOrg(name = 'Console org'): Promise<Org> {
  const tenant = await newTenant(name);
  return { ...tenant, keyWith: (scopes, permissions = 'all') => keyFor(tenant.orgId, scopes, permissions) };
}

/**
 * A fresh browser context at that width: nothing shared with other tests (sessionStorage included);
 * every request off the local server is recorded and refused.
 */
export async function openPage(
  env: ConsoleEnv,
  width: Width = 'desktop',
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await env.browser.newContext({ viewport: { width: WIDTHS[width], height: 900 } });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === env.origin) return route.continue();
    env.elsewhere.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      env.errors.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => env.errors.push(`pageerror: ${error.message}`));
  return { page, context };
}

/** Signs in through the form, as a person does, and waits for the signed-in frame. */
export async function signIn(page: Page, env: ConsoleEnv, key: string): Promise<void> {
  await page.goto(env.url);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The navigation is folded away on a phone; the sign-out button shows at every width.
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** A page signed in with `key` at `width`, on `screen` (a console path such as `/sales-orders`). */
export async function openSignedIn(
  env: ConsoleEnv,
  key: string,
  { width = 'desktop', screen = '/' }: { width?: Width; screen?: string } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const opened = await openPage(env, width);
  await signIn(opened.page, env, key);
  if (screen !== '/') await opened.page.goto(`${env.url}#${screen}`);
  return opened;
}

/** Goes to a console screen in the same tab (the session stays). */
export async function goTo(page: Page, env: ConsoleEnv, screen: string): Promise<void> {
  await page.goto(`${env.url}#${screen}`);
}

/** expect.poll with a browser's patience: an action's round trip on a busy CI machine takes seconds. */
export const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 15_000, interval: 100, ...(message ? { message } : {}) });

/** Waits until no table or section is marked busy (every list of the screen has its rows). */
export async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core on the page as it is (evaluated through the DevTools protocol, which the page's CSP
 * does not govern) and fails on any serious or critical violation, naming rule and elements.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await settled(page);
  await page.evaluate(axeSource);
  // A string, run in the page: this file is typed for Node, without the DOM's names.
  const violations = (await page.evaluate(
    `axe.run(document).then((result) => result.violations.map(({ id, impact, help, nodes }) =>
      ({ id, impact, help, nodes: nodes.map((node) => ({ target: node.target })) })))`,
  )) as AxeViolation[];
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(blocking, `axe on ${label}`).toEqual([]);
}

/** A full-page screenshot into test-results/console/<name>-<width>.png (gitignored). */
export async function screenshot(page: Page, name: string, width: Width): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}-${width}.png`);
  await settled(page);
  await page.screenshot({ path, fullPage: true });
  return path;
}
