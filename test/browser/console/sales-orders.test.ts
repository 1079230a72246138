import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { draftOrder, orderSetup } from '../../support/sales.js';
import {
  browserAvailable,
  eventually,
  expectAccessible,
  goTo,
  newOrg,
  openSignedIn,
  screenshot,
  settled,
  startConsole,
  type ConsoleEnv,
  type Org,
} from './support.js';

let env: ConsoleEnv;
let org: Org;
let setup: Awaited<ReturnType<typeof orderSetup>>;

const newDraft = (quantity = 4) =>
  draftOrder(org, [{ productId: setup.product.id, quantity }], {
    customerId: setup.customer.id,
    warehouseId: setup.warehouse.id,
  });

const statusOf = async (id: string) => (await call('GET', `/sales-orders/${id}`, { key: org.key })).body;

describe.skipIf(!browserAvailable)('sales orders in the console', () => {
  beforeAll(async () => {
    [env, org] = await Promise.all([startConsole(), newOrg('Console sales org')]);
    setup = await orderSetup(org, 50);
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('confirms and picks an order created over the API, by keyboard, with the detail following each step', async () => {
    const order = await newDraft(4);
    const { page, context } = await openSignedIn(env, org.key, { screen: `/sales-orders/${order.id}` });
    await page.getByRole('heading', { level: 1, name: new RegExp(order.orderNumber) }).waitFor();
    expect(await page.getByRole('button', { name: 'Pick' }).count()).toBe(0);

    // Keyboard only: tab to Confirm and press Enter.
    const focused: string[] = [];
    while (focused.at(-1) !== 'Confirm' && focused.length < 30) {
      await page.keyboard.press('Tab');
      focused.push(String(await page.evaluate('document.activeElement?.textContent')));
    }
    expect(focused.at(-1), focused.join(' | ')).toBe('Confirm');
    await page.keyboard.press('Enter');
    await eventually(() => page.locator('h1 .badge').textContent()).toBe('Confirmed');
    expect((await statusOf(order.id)).status).toBe('CONFIRMED');
    // A confirmed order can no longer be confirmed: the action is gone, the next ones are offered.
    expect(await page.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    await screenshot(page, 'sales-order-confirmed', 'desktop');

    await page.getByRole('button', { name: 'Pick' }).click();
    await eventually(() => page.locator('h1 .badge').textContent()).toBe('Picking');
    const picked = await statusOf(order.id);
    expect(picked.status).toBe('PICKING');
    expect(picked.lines[0].pickedQty).toBe(4);
    await settled(page);
    expect(await page.getByRole('button', { name: 'Pack' }).count()).toBe(1);
    await expectAccessible(page, 'a picked order');
    await screenshot(page, 'sales-order-picking', 'desktop');
    await context.close();
  }, 90_000);

  it("shows a refused action's message exactly as the API sent it", async () => {
    const order = await newDraft(1);
    const { page, context } = await openSignedIn(env, org.key, {
      width: 'phone',
      screen: `/sales-orders/${order.id}`,
    });
    await page.getByRole('button', { name: 'Confirm' }).waitFor();
    // Someone else cancels it meanwhile; this page still shows it as a draft.
    expect((await call('POST', `/sales-orders/${order.id}/cancel`, { key: org.key, body: {} })).status).toBe(
      200,
    );
    const refusal = await call('POST', `/sales-orders/${order.id}/confirm`, { key: org.key });
    expect(refusal.status).toBe(422);

    await page.getByRole('button', { name: 'Confirm' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(`Confirm was refused: ${refusal.body.error.message}`);
    // The page then shows the order as it now is, and offers nothing for it.
    await eventually(() => page.locator('h1 .badge').textContent()).toBe('Cancelled');
    expect(await page.locator('.action-bar button').count()).toBe(0);
    expect(await alert.textContent()).toContain(refusal.body.error.message);
    await expectAccessible(page, 'a refused action at phone width');
    await screenshot(page, 'sales-order-refused', 'phone');
    await context.close();
  }, 60_000);

  it('searches, filters by status and pages through the list with the API parameters in the URL', async () => {
    const orders = [await newDraft(1), await newDraft(2), await newDraft(3)];
    await call('POST', `/sales-orders/${orders[0]!.id}/confirm`, { key: org.key });
    const { page, context } = await openSignedIn(env, org.key, { screen: '/sales-orders?pageSize=2' });
    await settled(page);
    const table = page.getByRole('region', { name: 'Sales orders' });
    await eventually(() => table.getByRole('row').count()).toBe(3);
    expect(await page.getByRole('navigation', { name: 'Pages of sales orders' }).textContent()).toMatch(
      /page 1 of \d/,
    );

    await page.getByLabel('Status').selectOption('CONFIRMED');
    await settled(page);
    await eventually(() => page.url()).toContain('status=CONFIRMED');
    const confirmed = (await call('GET', '/sales-orders', { key: org.key, query: { status: 'CONFIRMED' } }))
      .body;
    await eventually(() => table.getByRole('link').allTextContents()).toEqual(
      confirmed.data.slice(0, 2).map((row: { orderNumber: string }) => row.orderNumber),
    );

    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Search').fill(orders[2]!.orderNumber);
    await page.getByRole('button', { name: 'Search' }).click();
    await eventually(() => table.getByRole('link').allTextContents()).toEqual([orders[2]!.orderNumber]);
    await context.close();
  }, 60_000);

  it('hides what a narrower key may not do: navigation, today lists and actions', async () => {
    const order = await newDraft(1);
    const viewer = await org.keyWith(['sales-orders:read'], ['sales.view']);
    const approver = await org.keyWith(['sales-orders:write'], ['sales.view', 'sales.approve']);
    const stockOnly = await org.keyWith(['inventory:read'], ['inventory.view']);
    const navOf = async (key: string, screen = '/') => {
      const { page, context } = await openSignedIn(env, key, { screen });
      await settled(page);
      const links = await page
        .getByRole('navigation', { name: 'Console' })
        .getByRole('link')
        .allTextContents();
      const buttons = screen === '/' ? [] : await page.locator('.action-bar button').allTextContents();
      const queues = await page.locator('article.queue h3').allTextContents();
      await context.close();
      return { links, buttons, queues };
    };

    const full = await navOf(org.key, `/sales-orders/${order.id}`);
    // The organisation's first key may do everything: every screen in the navigation (console/app/routes.tsx).
    expect(full.links).toEqual([
      'Today',
      'Sales orders',
      'Customers',
      'Purchase orders',
      'Suppliers',
      'Lots',
      'Products',
      'Stock adjustments',
      'Stock transfers',
      'Serial numbers',
      'Production orders',
      'Invoices',
      'Credit notes',
      'Stock movement',
      'Receivable aging',
      'Stock valuation',
      'API keys',
      'Webhooks',
      'Warehouses',
      'Organisation',
      'Audit log',
      'This key',
    ]);
    expect(full.buttons).toEqual(['Confirm', 'Cancel order']);
    expect((await navOf(approver, `/sales-orders/${order.id}`)).buttons).toEqual(['Confirm']);
    expect((await navOf(viewer, `/sales-orders/${order.id}`)).buttons).toEqual([]);

    const fullToday = await navOf(org.key);
    const viewerToday = await navOf(viewer);
    expect(fullToday.queues.length).toBeGreaterThan(viewerToday.queues.length);
    expect(viewerToday.queues.map((title) => title.replace(/\s*\d+$/, ''))).toEqual([
      'To confirm',
      'To pick',
      'To pack',
      'To dispatch',
    ]);
    const stock = await navOf(stockOnly);
    expect(stock.links).toEqual([
      'Today',
      'Lots',
      'Stock adjustments',
      'Stock transfers',
      'Serial numbers',
      'Warehouses',
      'This key',
    ]);
    expect(stock.queues.map((title) => title.replace(/\s*\d+$/, ''))).toEqual([
      'Lots expiring within 30 days',
    ]);

    // A screen the key may not read says so instead of failing.
    const { page, context } = await openSignedIn(env, stockOnly, { screen: '/sales-orders' });
    await page.getByRole('heading', { name: 'Not available to this key' }).waitFor();
    await context.close();
  }, 120_000);

  it('loads the first screen with at most 150 KB of gzipped JavaScript, one script, nothing off the API', async () => {
    const { page, context } = await openSignedIn(env, org.key);
    await settled(page);
    const scripts = env.served.filter((request) => request.includes('/console/scripts/'));
    expect(new Set(scripts).size).toBe(1);
    const script = await (await fetch(`${env.origin}${scripts[0]!.split(' ')[1]}`)).text();
    const gzipped = gzipSync(script, { level: 9 }).length;
    expect(gzipped).toBeLessThanOrEqual(150 * 1024);
    // Every request the console made went to this API.
    expect(env.served.every((request) => / \/api\/v1\//.test(request))).toBe(true);
    expect(env.elsewhere).toEqual([]);
    await goTo(page, env, '/sales-orders');
    await settled(page);
    await context.close();
    expect(env.elsewhere).toEqual([]);
    expect(env.errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
  }, 60_000);
});
