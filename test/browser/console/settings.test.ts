import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { adjust, batchOf, product, warehouse } from '../../support/inventory.js';
import {
  browserAvailable,
  expectAccessible,
  goTo,
  newOrg,
  openPage,
  screenshot,
  settled,
  signIn,
  startConsole,
  type ConsoleEnv,
  type Org,
} from './support.js';

let env: ConsoleEnv;
let org: Org;
let lot: { id: string; batchNumber: string };

interface KeyRow {
  id: string;
  name: string;
  scopes: string[];
  permissions: 'all' | string[];
  revokedAt: string | null;
  rotatedAt: string | null;
}
/**
 * Signs in on the screen itself (the sign-in form keeps the address), never loading the today view first:
 * on this local server a today view's requests left behind can hold the browser's six connections.
 */
async function openOn(screen: string, key: string, width: 'desktop' | 'phone' = 'desktop') {
  const opened = await openPage(env, width);
  await opened.page.goto(`${env.url}#${screen}`);
  await opened.page.getByLabel('API key').fill(key);
  await opened.page.getByRole('button', { name: 'Sign in' }).click();
  await opened.page.getByRole('button', { name: 'Sign out' }).waitFor();
  return opened;
}

const keys = async () => (await call('GET', '/api-keys', { key: org.key })).body.data as KeyRow[];

describe.skipIf(!browserAvailable)('settings in the console', () => {
  beforeAll(async () => {
    [env, org] = await Promise.all([startConsole(), newOrg('Console settings org')]);
    const [p, w] = await Promise.all([product(org, { isBatchTracked: true }), warehouse(org)]);
    lot = await batchOf(org, p.id, '2031-01-31');
    expect(
      (await adjust(org, [{ productId: p.id, warehouseId: w.id, batchId: lot.id, quantityChange: 4 }]))
        .status,
    ).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('creates a narrower key in the console; signed in with it, the console shows fewer screens and actions', async () => {
    const { page, context } = await openOn('/settings/api-keys', org.key);
    await page.getByRole('button', { name: 'New key' }).waitFor();
    await settled(page);
    await expectAccessible(page, 'api keys');
    await screenshot(page, 'api-keys', 'desktop');

    await page.getByRole('button', { name: 'New key' }).click();
    await page.getByLabel('Name').fill('Lot checker');
    await page.getByLabel('Inventory (stock, lots, warehouses): read').check();
    await page.getByRole('switch', { name: 'The same permissions as this key' }).uncheck();
    await page.getByLabel('inventory.view', { exact: true }).check();
    await expectAccessible(page, 'new api key form');
    await screenshot(page, 'api-key-new', 'desktop');
    await page.getByRole('button', { name: 'Create key' }).click();

    const secret = page.getByLabel('Secret', { exact: true });
    await secret.waitFor();
    const value = (await secret.textContent())?.trim() ?? '';
    expect(value).toMatch(/^sfk_/);
    await settled(page);
    await screenshot(page, 'api-key-secret', 'desktop');
    const created = (await keys()).find((row) => row.name === 'Lot checker');
    expect(created).toMatchObject({
      scopes: ['inventory:read'],
      permissions: ['inventory.view'],
      revokedAt: null,
    });
    await page.getByRole('button', { name: 'I have copied it' }).click();
    expect(await page.getByLabel('Secret', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor();
    await context.close();

    // Signed in with the new key: stock only, read only.
    const narrow = await openPage(env);
    await signIn(narrow.page, env, value);
    const nav = narrow.page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Lots' }).waitFor();
    for (const hidden of ['Sales orders', 'API keys']) {
      expect(await nav.getByRole('link', { name: hidden }).count()).toBe(0);
    }
    await goTo(narrow.page, env, `/lots/${lot.id}`);
    await narrow.page.getByRole('heading', { level: 1, name: new RegExp(lot.batchNumber) }).waitFor();
    await settled(narrow.page);
    for (const action of ['Quarantine', 'Recall']) {
      expect(await narrow.page.getByRole('button', { name: action }).count()).toBe(0);
    }
    await goTo(narrow.page, env, '/settings/api-keys');
    await narrow.page.getByRole('heading', { name: 'Not available to this key' }).waitFor();
    await narrow.context.close();
  }, 120_000);

  it('rotates a key (the new secret shown once, the old one kept for the grace hours) and revokes it, at phone width', async () => {
    const { page, context } = await openOn('/settings/api-keys', org.key);
    await page.getByRole('button', { name: 'Rotate Lot checker' }).waitFor();
    await settled(page);
    await page.setViewportSize({ width: 390, height: 900 });
    await expectAccessible(page, 'api keys at phone');
    await screenshot(page, 'api-keys', 'phone');

    await page.getByRole('button', { name: 'Rotate Lot checker' }).click();
    await page.getByLabel('Hours the old secret keeps working').fill('2');
    await page.getByRole('button', { name: 'Rotate key' }).click();
    await page.getByLabel('Secret', { exact: true }).waitFor();
    expect(((await page.getByLabel('Secret', { exact: true }).textContent()) ?? '').trim()).toMatch(/^sfk_/);
    await expect
      .poll(async () => (await keys()).find((row) => row.name === 'Lot checker')?.rotatedAt)
      .not.toBeNull();
    await page.getByRole('button', { name: 'I have copied it' }).click();

    await page.getByRole('button', { name: 'Revoke Lot checker' }).click();
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Revoke Lot checker' }).count()).toBe(0);
    expect((await keys()).find((row) => row.name === 'Lot checker')?.revokedAt).not.toBeNull();
    await settled(page);
    await screenshot(page, 'api-keys-revoked', 'phone');
    await context.close();
  }, 120_000);

  it('creates a webhook subscription (secret shown once), pings it, rotates its secret', async () => {
    const { page, context } = await openOn('/settings/webhooks', org.key);
    await page.getByRole('button', { name: 'New subscription' }).click();
    await page.getByLabel('URL').fill('https://hooks.example.com/in');
    await page.getByLabel('Description (optional)').fill('Shop sync');
    await page.getByLabel('batch.status_changed').check();
    await expectAccessible(page, 'new webhook');
    await page.getByRole('button', { name: 'Create subscription' }).click();
    await page.getByLabel('Secret', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('heading', { level: 1, name: /Shop sync/ }).waitFor();
    const hooks = (await call('GET', '/webhooks', { key: org.key })).body.data as {
      id: string;
      events: string[];
    }[];
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.events).toEqual(['batch.status_changed']);

    await page.getByRole('button', { name: 'Send a test ping' }).click();
    await page.getByText('A ping is queued').waitFor();
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByLabel('Secret', { exact: true }).waitFor();
    await settled(page);
    await expectAccessible(page, 'webhook');
    await screenshot(page, 'webhook', 'desktop');
    await goTo(page, env, '/settings/webhooks');
    await page.getByRole('link', { name: 'Shop sync' }).waitFor();
    await settled(page);
    await expectAccessible(page, 'webhooks');
    await screenshot(page, 'webhooks', 'desktop');
    await context.close();
  }, 120_000);

  it('creates a warehouse and shows its zones and bins', async () => {
    const { page, context } = await openOn('/settings/warehouses', org.key);
    await page.getByRole('button', { name: 'New warehouse' }).click();
    await page.getByLabel('Code').fill('CON-1');
    await page.getByLabel('Name', { exact: true }).fill('Console depot');
    await page.getByRole('button', { name: 'Create warehouse' }).click();
    await page.getByRole('heading', { level: 1, name: /CON-1/ }).waitFor();
    await settled(page);
    await expectAccessible(page, 'warehouse');
    await screenshot(page, 'warehouse', 'desktop');
    const listed = (await call('GET', '/warehouses', { key: org.key, query: { search: 'CON-1' } })).body.data;
    expect(listed).toMatchObject([{ code: 'CON-1', name: 'Console depot' }]);
    await goTo(page, env, '/settings/warehouses');
    await page.getByRole('link', { name: 'CON-1' }).waitFor();
    await settled(page);
    await expectAccessible(page, 'warehouses');
    await screenshot(page, 'warehouses', 'desktop');
    await context.close();
  }, 120_000);

  it('sends nothing off the API and logs no error', () => {
    expect(env.elsewhere).toEqual([]);
    expect(env.errors.filter((error) => !/\b(401|403)\b/.test(error))).toEqual([]);
  });
});
