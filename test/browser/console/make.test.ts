/**
 * Making in the console, as a planner and a warehouse person work: a production order planned from a
 * product with a bill of materials, started and completed (the output's lot numbered by hand), then the
 * stock checked over the API (finished goods on hand, components consumed); a serial number looked up and
 * set damaged; a lot created from the lot list and expired on its detail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { adjust, onHand, product, unique, warehouse } from '../../support/inventory.js';
import { recipe } from '../../support/production.js';
import { receiveSerials } from '../../support/serials.js';
import {
  browserAvailable,
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
let setup: {
  kitchen: Awaited<ReturnType<typeof warehouse>>;
  cake: Awaited<ReturnType<typeof product>>;
  flour: Awaited<ReturnType<typeof product>>;
  sugar: Awaited<ReturnType<typeof product>>;
};

describe.skipIf(!browserAvailable)('making in the console', () => {
  beforeAll(async () => {
    [env, org] = await Promise.all([startConsole(), newOrg('Console make org')]);
    const [kitchen, cake, flour, sugar] = await Promise.all([
      warehouse(org),
      product(org, { name: 'Lemon cake', isBatchTracked: true }),
      product(org, { name: 'Cake flour', costPrice: 2 }),
      product(org, { name: 'Caster sugar', costPrice: 1.5 }),
    ]);
    await recipe(org, cake.id, [
      { componentProductId: flour.id, quantity: 2 },
      { componentProductId: sugar.id, quantity: 0.5, wastagePercent: 10 },
    ]);
    const stocked = await adjust(org, [
      { productId: flour.id, warehouseId: kitchen.id, binId: kitchen.binId, quantityChange: 20 },
      { productId: sugar.id, warehouseId: kitchen.id, binId: kitchen.binId, quantityChange: 10 },
    ]);
    expect(stocked.status).toBe(201);
    setup = { kitchen, cake, flour, sugar };
  }, 60_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('plans a production order from a product with a recipe, starts and completes it', async () => {
    const { cake, flour, sugar, kitchen } = setup;
    const { page, context } = await openSignedIn(env, org.key, { screen: '/production-orders' });
    await page.getByRole('link', { name: 'Production orders' }).first().waitFor();
    await settled(page);
    await expectAccessible(page, 'production orders');

    await page.getByRole('button', { name: 'New production order' }).click();
    await page.getByRole('heading', { level: 1, name: 'New production order' }).waitFor();
    await page.getByLabel('Find the product to make').fill('Lemon');
    await page.getByLabel('Find the product to make').press('Enter');
    await settled(page);
    // Only the product with a bill of materials is offered, not its components.
    const choice = page.getByRole('combobox', { name: /^Product to make/ });
    expect(await choice.locator('option').allTextContents()).toEqual([
      'Choose a product',
      `${cake.sku} · Lemon cake`,
    ]);
    await choice.selectOption({ label: `${cake.sku} · Lemon cake` });
    await page.getByLabel('Quantity to make').fill('4');
    await page
      .getByLabel('Warehouse')
      .selectOption({ label: `${kitchen.code} · Warehouse ${kitchen.code.slice(3)}` });
    // The recipe, with what 4 cakes need: 8 flour, 4 x 0.5 x 1.1 = 2.2 sugar.
    const bom = page.getByRole('region', { name: 'Bill of materials' });
    await expect.poll(() => bom.getByRole('row').count()).toBe(3);
    expect(await bom.getByRole('row').nth(1).textContent()).toContain('8');
    expect(await bom.getByRole('row').nth(2).textContent()).toContain('2.2');
    await settled(page);
    await expectAccessible(page, 'new production order');
    await screenshot(page, 'production-order-new', 'desktop');

    await page.getByRole('button', { name: 'Plan production order' }).click();
    const heading = page.getByRole('heading', { level: 1, name: /^MO-/ });
    await heading.waitFor();
    const id = page.url().split('/production-orders/')[1]!;
    await settled(page);
    await expectAccessible(page, 'production order planned');
    await screenshot(page, 'production-order-planned', 'desktop');
    // PLANNED: start and cancel, not complete.
    expect(await page.getByRole('button', { name: 'Complete' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel order' }).waitFor();

    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('button', { name: 'Complete' }).waitFor();
    expect(await page.getByRole('button', { name: 'Start' }).count()).toBe(0);
    const started = await call('GET', `/production-orders/${id}`, { key: org.key });
    expect(started.body.status).toBe('IN_PROGRESS');

    await page.getByRole('button', { name: 'Complete' }).click();
    const form = page.getByRole('form', { name: 'Complete' });
    const lotNumber = `CAKE-${unique()}`;
    await form.getByLabel('Lot number of the output').fill(lotNumber);
    await settled(page);
    await expectAccessible(page, 'production order complete form');
    await form.getByRole('button', { name: 'Complete' }).click();
    // COMPLETED offers nothing more; the output line links the lot it went into.
    await page.getByRole('link', { name: lotNumber }).waitFor();
    for (const name of ['Start', 'Complete', 'Cancel order']) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    }
    await settled(page);
    await expectAccessible(page, 'production order completed');
    await screenshot(page, 'production-order-completed', 'desktop');

    // Over the API: 4 cakes on hand in the lot typed, 8 flour and 2.2 sugar consumed.
    const done = await call('GET', `/production-orders/${id}`, { key: org.key });
    expect(done.body).toMatchObject({ status: 'COMPLETED', actualQuantity: 4 });
    expect(done.body.lines[0].lotsMinted).toEqual([
      { batchId: expect.any(String), batchNumber: lotNumber, quantity: 4 },
    ]);
    expect(await onHand(org, cake.id)).toBe(4);
    expect(await onHand(org, flour.id)).toBe(12);
    expect(await onHand(org, sugar.id)).toBeCloseTo(7.8, 6);

    // The list finds it by number, completed.
    await goTo(page, env, '/production-orders?status=COMPLETED');
    await page.getByRole('link', { name: done.body.orderNumber }).waitFor();
    await settled(page);
    await screenshot(page, 'production-orders', 'desktop');
    await context.close();
  }, 120_000);

  it('cancels a planned order at phone width, with its reason', async () => {
    const { cake, kitchen } = setup;
    const created = await call('POST', '/production-orders', {
      key: org.key,
      body: { productId: cake.id, quantity: 2, warehouseId: kitchen.id },
    });
    expect(created.status).toBe(201);
    const { page, context } = await openSignedIn(env, org.key, {
      screen: `/production-orders/${created.body.id}`,
      width: 'phone',
    });
    await page.getByRole('button', { name: 'Start' }).waitFor();
    await settled(page);
    await expectAccessible(page, 'production order at phone');
    await screenshot(page, 'production-order-planned', 'phone');
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const form = page.getByRole('form', { name: 'Cancel order' });
    await form.getByLabel('Reason').fill('Oven broken');
    await form.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByText('Cancelled: Oven broken.').waitFor();
    const after = await call('GET', `/production-orders/${created.body.id}`, { key: org.key });
    expect(after.body).toMatchObject({ status: 'CANCELLED', cancelReason: 'Oven broken' });

    await goTo(page, env, '/production-orders');
    await page.getByRole('link', { name: created.body.orderNumber }).waitFor();
    await settled(page);
    await expectAccessible(page, 'production orders at phone');
    await screenshot(page, 'production-orders', 'phone');
    await goTo(page, env, '/production-orders/new');
    await page.getByRole('heading', { level: 1, name: 'New production order' }).waitFor();
    await settled(page);
    await screenshot(page, 'production-order-new', 'phone');
    await context.close();
  }, 90_000);

  it('looks a serial up and marks it damaged, then available again; a wrong move is not offered', async () => {
    const { kitchen } = setup;
    const mixer = await product(org, { name: 'Stand mixer', requiresSerialTracking: true });
    const base = `MX-${unique()}`;
    await receiveSerials(org, mixer.id, kitchen, [`${base}-1`, `${base}-2`]);
    const { page, context } = await openSignedIn(env, org.key, { screen: '/serial-numbers' });
    await page.getByRole('link', { name: `${base}-2` }).waitFor();
    await settled(page);
    await expectAccessible(page, 'serial numbers');
    // The exact lookup, case ignored, as a person types it from the label.
    await page.getByLabel('Search', { exact: true }).fill(`${base}-1`.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByRole('link', { name: /^MX-/ }).count()).toBe(1);
    await settled(page);
    await screenshot(page, 'serial-numbers', 'desktop');
    await page.getByRole('link', { name: `${base}-1` }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(`${base}-1`) }).waitFor();
    await settled(page);
    // AVAILABLE: damaged, returned, scrapped; not available again.
    expect(await page.getByRole('button', { name: 'Mark available' }).count()).toBe(0);
    await expectAccessible(page, 'serial number');

    await page.getByRole('button', { name: 'Mark damaged' }).click();
    await page.getByRole('button', { name: 'Mark available' }).waitFor();
    expect(await page.getByRole('button', { name: 'Mark damaged' }).count()).toBe(0);
    const serialId = page.url().split('/serial-numbers/')[1]!;
    const damaged = await call('GET', `/serial-numbers/${serialId}`, { key: org.key });
    expect(damaged.body.status).toBe('DAMAGED');
    expect(damaged.body.history.map((entry: { toStatus: string }) => entry.toStatus)).toEqual([
      'AVAILABLE',
      'DAMAGED',
    ]);
    // The history, newest first: received, then damaged by the back office.
    const history = page.getByRole('region', { name: 'Status history' });
    await expect.poll(() => history.getByRole('row').count()).toBe(3);
    expect(await history.getByRole('row').nth(1).textContent()).toContain('Back office');
    await settled(page);
    await screenshot(page, 'serial-number', 'desktop');

    await page.getByRole('button', { name: 'Mark available' }).click();
    await page.getByRole('button', { name: 'Mark damaged' }).waitFor();
    expect((await call('GET', `/serial-numbers/${serialId}`, { key: org.key })).body.status).toBe(
      'AVAILABLE',
    );
    await context.close();

    // At phone width: the list filtered by status, and the detail.
    const phone = await openSignedIn(env, org.key, {
      screen: `/serial-numbers?status=AVAILABLE`,
      width: 'phone',
    });
    await phone.page.getByRole('link', { name: `${base}-2` }).waitFor();
    await settled(phone.page);
    await expectAccessible(phone.page, 'serial numbers at phone');
    await screenshot(phone.page, 'serial-numbers', 'phone');
    await goTo(phone.page, env, `/serial-numbers/${serialId}`);
    await phone.page.getByRole('button', { name: 'Mark damaged' }).waitFor();
    await settled(phone.page);
    await expectAccessible(phone.page, 'serial number at phone');
    await screenshot(phone.page, 'serial-number', 'phone');
    await phone.context.close();
  }, 120_000);

  it('creates a lot from the lot list, then expires it on its detail', async () => {
    const yoghurt = await product(org, { name: 'Greek yoghurt', isBatchTracked: true });
    const { page, context } = await openSignedIn(env, org.key, { screen: '/lots' });
    await page.getByRole('button', { name: 'New lot' }).click();
    await page.getByRole('heading', { level: 1, name: 'New lot' }).waitFor();
    await page.getByLabel('Find product').fill('yoghurt');
    await page.getByLabel('Find product').press('Enter');
    await settled(page);
    await page
      .getByRole('combobox', { name: /^Product/ })
      .selectOption({ label: `${yoghurt.sku} · Greek yoghurt` });
    const lotNumber = `YO-${unique()}`;
    await page.getByLabel('Lot number').fill(lotNumber);
    await page.getByLabel('Expiry date').fill('2031-01-31');
    await page.getByLabel('Storage').selectOption({ label: 'Chilled' });
    await settled(page);
    await expectAccessible(page, 'new lot');
    await screenshot(page, 'lot-new', 'desktop');
    await page.getByRole('button', { name: 'Create lot' }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(lotNumber) }).waitFor();
    const lotId = page.url().split('/lots/')[1]!;
    const created = await call('GET', `/batches/${lotId}`, { key: org.key });
    expect(created.body).toMatchObject({
      batchNumber: lotNumber,
      status: 'ACTIVE',
      expiryDate: '2031-01-31',
      storageCondition: 'CHILLED',
    });
    // An empty lot's detail names no product (the spec derives it from stock): the product's lot list has it.
    await page.getByText('Empty: its product shows once stock is received').waitFor();
    const ofProduct = await call('GET', '/batches', { key: org.key, query: { productId: yoghurt.id } });
    expect(ofProduct.body.data.map((lot: { id: string }) => lot.id)).toEqual([lotId]);

    // The same number again is refused with the API's message.
    await goTo(page, env, '/lots/new');
    await page.getByLabel('Find product').fill('yoghurt');
    await page.getByLabel('Find product').press('Enter');
    await settled(page);
    await page
      .getByRole('combobox', { name: /^Product/ })
      .selectOption({ label: `${yoghurt.sku} · Greek yoghurt` });
    await page.getByLabel('Lot number').fill(lotNumber);
    await page.getByRole('button', { name: 'Create lot' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('The lot was refused');
    expect(await alert.textContent()).toContain(`A batch numbered '${lotNumber}' already exists`);
    await settled(page);
    await screenshot(page, 'lot-new-refused', 'desktop');

    await goTo(page, env, `/lots/${lotId}`);
    await page.getByRole('button', { name: 'Expire' }).click();
    await page.getByText('Expired: this lot').waitFor();
    // EXPIRED: only a recall is left.
    expect(await page.getByRole('button', { name: 'Expire' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Quarantine' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Recall' }).waitFor();
    expect((await call('GET', `/batches/${lotId}`, { key: org.key })).body.status).toBe('EXPIRED');
    await settled(page);
    await expectAccessible(page, 'expired lot');
    await screenshot(page, 'lot-expired', 'desktop');
    await context.close();

    const phone = await openSignedIn(env, org.key, { screen: '/lots/new', width: 'phone' });
    await phone.page.getByRole('heading', { level: 1, name: 'New lot' }).waitFor();
    await settled(phone.page);
    await expectAccessible(phone.page, 'new lot at phone');
    await screenshot(phone.page, 'lot-new', 'phone');
    await phone.context.close();
  }, 120_000);

  it('sends nothing off the API and logs no error', () => {
    expect(env.elsewhere).toEqual([]);
    // The refusals the tests provoke: the reused lot number (409).
    expect(env.errors.filter((error) => !/\b(401|409|422)\b/.test(error))).toEqual([]);
  });
});
