/**
 * s27's settings, walked as a person does: the key's own rotate and revoke, the audit log, the
 * organisation's settings and exchange rates, warehouse zones and bins, webhook edit and delete. Each
 * change is then checked over the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call } from '../../support/api.js';
import { warehouse } from '../../support/inventory.js';
import {
  browserAvailable,
  eventually,
  expectAccessible,
  goTo,
  newOrg,
  openPage,
  screenshot,
  settled,
  startConsole,
  type ConsoleEnv,
  type Org,
  type Width,
} from './support.js';

let env: ConsoleEnv;
let org: Org;

/** Signs in on the screen itself (the sign-in form keeps the address). */
async function openOn(screen: string, key: string, width: Width = 'desktop') {
  const opened = await openPage(env, width);
  await opened.page.goto(`${env.url}#${screen}`);
  await opened.page.getByLabel('API key').fill(key);
  await opened.page.getByRole('button', { name: 'Sign in' }).click();
  await opened.page.getByRole('button', { name: 'Sign out' }).waitFor();
  return opened;
}

/** Axe and a screenshot at both widths, as the screen is now. */
async function look(page: Page, name: string) {
  await settled(page);
  await expectAccessible(page, `${name} at 1280`);
  await screenshot(page, name, 'desktop');
  await page.setViewportSize({ width: 390, height: 900 });
  await settled(page);
  await expectAccessible(page, `${name} at 390`);
  await screenshot(page, name, 'phone');
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe.skipIf(!browserAvailable)('settings edits in the console', () => {
  beforeAll(async () => {
    [env, org] = await Promise.all([startConsole(), newOrg('Console settings edits org')]);
  }, 60_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('a key that may not manage keys rotates itself (the console carries on with the new secret), then revokes itself', async () => {
    const narrow = await org.keyWith(['inventory:read'], ['inventory.view']);
    const { page, context } = await openOn('/settings/this-key', narrow);
    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'This key' }).waitFor();
    expect(await nav.getByRole('link', { name: 'API keys' }).count()).toBe(0);
    await page.getByRole('heading', { level: 1, name: 'This key' }).waitFor();
    await look(page, 'this-key');

    await page.getByRole('button', { name: 'Rotate this key' }).click();
    await page.getByLabel('Hours the old secret keeps working').fill('0');
    await page.getByRole('button', { name: 'Rotate key' }).click();
    const secret = page.getByLabel('Secret', { exact: true });
    await secret.waitFor();
    const rotated = ((await secret.textContent()) ?? '').trim();
    expect(rotated).toMatch(/^sfk_/);
    await page.getByText('The console now uses the new secret.').waitFor();
    await settled(page);
    await screenshot(page, 'this-key-rotated', 'desktop');

    // Over the API: the old secret is refused at once (grace 0), the new one is the same key.
    // (The API's key cache holds a key up to 5 s.)
    await eventually(async () => (await call('GET', '/api-keys/current', { key: narrow })).status).toBe(401);
    const current = await call('GET', '/api-keys/current', { key: rotated });
    expect(current.status).toBe(200);
    expect(current.body.rotatedAt).not.toBeNull();
    // The console kept working: another screen reads with the new secret.
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await goTo(page, env, '/settings/warehouses');
    await page.getByRole('heading', { level: 1, name: 'Warehouses' }).waitFor();
    await settled(page);
    expect(await page.getByLabel('API key').count()).toBe(0);

    await goTo(page, env, '/settings/this-key');
    await page.getByRole('button', { name: 'Revoke this key' }).click();
    await page.getByText('you will be signed out').waitFor();
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('This key was revoked').waitFor();
    await page.getByLabel('API key').waitFor();
    await eventually(async () => (await call('GET', '/api-keys/current', { key: rotated })).status).toBe(401);
    const listed = (await call('GET', '/api-keys', { key: org.key })).body.data as {
      id: string;
      revokedAt: string | null;
    }[];
    expect(listed.find((row) => row.id === current.body.id)?.revokedAt).not.toBeNull();
    await context.close();
  }, 120_000);

  it('sets the credit-limit mode and an exchange rate on the organisation screen', async () => {
    const before = (await call('GET', '/organisation', { key: org.key })).body;
    const foreign = ['USD', 'AUD', 'NZD'].find((code) => code !== before.baseCurrency)!;
    const { page, context } = await openOn('/settings/organisation', org.key);
    await page.getByRole('heading', { level: 2, name: 'Credit limit' }).waitFor();
    await look(page, 'organisation');

    const target = before.creditLimitMode === 'BLOCK' ? 'Warn' : 'Block';
    await page.getByRole('radio', { name: target }).check();
    await page.getByRole('button', { name: 'Save credit limit mode' }).click();
    await page.getByText(`Saved: ${target}.`).waitFor();
    await eventually(
      async () => (await call('GET', '/organisation', { key: org.key })).body.creditLimitMode,
    ).toBe(target.toUpperCase());

    await page.getByLabel('Currency').selectOption(foreign);
    await page.getByLabel(`${before.baseCurrency} per 1 ${foreign}`).fill('1.6543');
    await page.getByRole('button', { name: 'Set rate' }).click();
    await page.getByText(`1 ${foreign} = 1.6543 ${before.baseCurrency} from now on.`).waitFor();
    await page.getByRole('cell', { name: foreign, exact: true }).waitFor();
    const after = (await call('GET', '/organisation', { key: org.key })).body;
    expect(after.exchangeRates).toEqual([expect.objectContaining({ currency: foreign, rate: 1.6543 })]);

    // A refusal shows the API's message as sent: the base currency needs no rate.
    await page.getByLabel('Currency').selectOption(foreign);
    await page.getByLabel(`${before.baseCurrency} per 1 ${foreign}`).fill('0');
    await page.getByRole('button', { name: 'Set rate' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('The rate was not set');
    await screenshot(page, 'organisation-refused', 'desktop');
    await context.close();
  }, 120_000);

  it('lists the audit log with its filters, each entry linking to its record', async () => {
    const { page, context } = await openOn('/settings/audit-log', org.key);
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await settled(page);
    await look(page, 'audit-log');

    await page.getByLabel('Record type').selectOption('organisation');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const expected = (
      await call('GET', '/audit-log', { key: org.key, query: { entityType: 'organisation' } })
    ).body.data as { entityId: string }[];
    expect(expected.length).toBeGreaterThan(0);
    const links = page.getByRole('link', { name: `Organisation ${org.orgId}` });
    await eventually(() => links.count()).toBe(expected.length);
    await eventually(() => page.getByRole('row').count()).toBe(expected.length + 1);
    await settled(page);
    await screenshot(page, 'audit-log-filtered', 'desktop');
    await links.first().click();
    await page.getByRole('heading', { level: 2, name: 'Credit limit' }).waitFor();
    await context.close();
  }, 120_000);

  it('renames a warehouse, adds a zone and a bin, deactivates and reactivates it', async () => {
    const wh = await warehouse(org);
    const read = async () => (await call('GET', `/warehouses/${wh.id}`, { key: org.key })).body;
    const { page, context } = await openOn(`/settings/warehouses/${wh.id}`, org.key);
    await page.getByRole('heading', { level: 1, name: new RegExp(wh.code) }).waitFor();

    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Name', { exact: true }).fill('North depot');
    await page.getByLabel('Address (optional)').fill('12 Quay Street');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('North depot').waitFor();
    expect(await read()).toMatchObject({ name: 'North depot', address: '12 Quay Street' });

    await page.getByRole('button', { name: 'Add zone' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Cold store');
    await page.getByLabel('What it is for').selectOption('STORAGE');
    await page
      .getByLabel('Kind of storage (optional)')
      .selectOption({ label: 'Freezer (temperature recorded)' });
    await settled(page);
    await expectAccessible(page, 'new zone form');
    await page.getByRole('button', { name: 'Add zone', exact: true }).last().click();
    await page.getByRole('button', { name: 'Add bin to Cold store' }).waitFor();
    const zone = (await read()).zones.find((z: { name: string }) => z.name === 'Cold store');
    expect(zone).toMatchObject({ zoneType: 'STORAGE', zoneCategory: { id: 'zc_freezer' } });

    await page.getByRole('button', { name: 'Add bin to Cold store' }).click();
    await page.getByLabel('Bin code').fill('F-01');
    await page.getByLabel('Capacity (optional)').fill('120');
    await page.getByRole('button', { name: 'Add bin', exact: true }).click();
    await page.getByRole('cell', { name: 'F-01' }).waitFor();
    const bins = (await read()).zones.find((z: { name: string }) => z.name === 'Cold store').bins;
    expect(bins).toMatchObject([{ code: 'F-01', capacity: 120, isActive: true }]);
    await look(page, 'warehouse-edited');

    // A refusal shows the API's message: a bin code is at most 50 characters.
    await page.getByRole('button', { name: 'Add bin to Cold store' }).click();
    await page.getByLabel('Bin code').fill('F'.repeat(60));
    await page.getByRole('button', { name: 'Add bin', exact: true }).click();
    await page.getByRole('alert').waitFor();
    await screenshot(page, 'warehouse-bin-refused', 'desktop');
    await page.getByRole('button', { name: 'Back' }).click();

    await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await page.getByRole('button', { name: 'Reactivate' }).waitFor();
    expect((await read()).isActive).toBe(false);
    expect(await page.getByRole('button', { name: 'Add zone' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Reactivate' }).click();
    await page.getByRole('button', { name: 'Deactivate', exact: true }).waitFor();
    expect((await read()).isActive).toBe(true);
    await context.close();
  }, 120_000);

  it('edits a webhook subscription (url, events, off), pings it and deletes it after asking', async () => {
    const created = await call('POST', '/webhooks', {
      key: org.key,
      body: { url: 'https://hooks.example.com/a', events: ['product.created'], description: 'Shop sync' },
    });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    const { page, context } = await openOn(`/settings/webhooks/${id}`, org.key);
    await page.getByRole('heading', { level: 1, name: /Shop sync/ }).waitFor();

    await page.getByRole('button', { name: 'Send a test ping' }).click();
    await page.getByText('A ping is queued').waitFor();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('textbox', { name: 'URL' }).fill('https://hooks.example.com/b');
    await page.getByLabel('product.created').uncheck();
    await page.getByLabel('invoice.created').check();
    await page.getByRole('switch', { name: /Active/ }).uncheck();
    await settled(page);
    await expectAccessible(page, 'webhook edit form');
    await screenshot(page, 'webhook-edit', 'desktop');
    await page.getByRole('button', { name: 'Save subscription' }).click();
    await page.getByText('https://hooks.example.com/b').first().waitFor();
    const hook = (await call('GET', `/webhooks/${id}`, { key: org.key })).body;
    expect(hook).toMatchObject({
      url: 'https://hooks.example.com/b',
      events: ['invoice.created'],
      isActive: false,
    });
    await look(page, 'webhook-edited');

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('This cannot be undone').waitFor();
    await screenshot(page, 'webhook-delete', 'desktop');
    await page.getByRole('button', { name: 'Delete subscription' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    expect((await call('GET', `/webhooks/${id}`, { key: org.key })).status).toBe(404);
    await context.close();
  }, 120_000);

  it('sends nothing off the API and logs no error', () => {
    expect(env.elsewhere).toEqual([]);
    // 400: the bin code refused on purpose; 401: the revoked key's last reads.
    expect(env.errors.filter((error) => !/\b(400|401|403)\b/.test(error))).toEqual([]);
  });
});
