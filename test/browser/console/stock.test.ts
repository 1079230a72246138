/**
 * Stock in the console, as a warehouse person works: a lot moved between two warehouses (the source
 * chosen by bin and lot), an adjustment saved as a draft, completed and voided, and the product's stock
 * by warehouse, bin and lot; each checked over the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { adjust, batchOf, product, warehouse } from '../../support/inventory.js';
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
  from: Awaited<ReturnType<typeof warehouse>>;
  to: Awaited<ReturnType<typeof warehouse>>;
  cheese: Awaited<ReturnType<typeof product>>;
  lot: Awaited<ReturnType<typeof batchOf>>;
};

/** The product's stock in one warehouse, by lot id. */
const lotsIn = async (productId: string, warehouseId: string) => {
  const rows = (await call('GET', '/stock-on-hand', { key: org.key, query: { productId, warehouseId } })).body
    .data;
  const byLot: Record<string, number> = {};
  for (const row of rows) {
    for (const batch of row.batches ?? [])
      byLot[batch.batchId] = (byLot[batch.batchId] ?? 0) + batch.quantityOnHand;
  }
  return byLot;
};

describe.skipIf(!browserAvailable)('stock in the console', () => {
  beforeAll(async () => {
    [env, org] = await Promise.all([startConsole(), newOrg('Console stock org')]);
    const [from, to, cheese] = await Promise.all([
      warehouse(org),
      warehouse(org),
      product(org, { name: 'Blue cheese wheel', isBatchTracked: true }),
    ]);
    const lot = await batchOf(org, cheese.id, '2027-06-30');
    const stocked = await adjust(
      org,
      [
        {
          productId: cheese.id,
          warehouseId: from.id,
          binId: from.binId,
          batchId: lot.id,
          quantityChange: 20,
        },
      ],
      { status: 'COMPLETED', reason: 'FOUND' },
    );
    expect(stocked.status).toBe(201);
    setup = { from, to, cheese, lot };
    // Every area these screens call answered once: the first screen does not wait for handlers to load.
    for (const path of ['/warehouses', '/products', '/stock-on-hand', '/batches', '/stock-transfers']) {
      await call('GET', path, { key: org.key });
    }
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('transfers part of a lot from one warehouse to a bin of another', async () => {
    const { page, context } = await openSignedIn(env, org.key, { screen: '/stock-transfers' });
    await page.getByRole('button', { name: 'New transfer' }).click();
    await page.getByRole('heading', { level: 1, name: 'New stock transfer' }).waitFor();
    await expect
      .poll(() => page.getByLabel('To warehouse').locator('option').count(), { timeout: 20_000 })
      .toBe(3);
    await page.getByLabel('From warehouse').selectOption(setup.from.id);
    await page.getByLabel('To warehouse').selectOption(setup.to.id);
    const line = page.getByRole('group', { name: 'Line 1' });
    await line.getByLabel('Find product').fill('Blue cheese');
    await line.getByLabel('Find product').press('Enter');
    await expect
      .poll(
        () =>
          line
            .getByLabel(/^Product/)
            .locator('option')
            .count(),
        { timeout: 20_000 },
      )
      .toBe(2);
    await line.getByLabel(/^Product/).selectOption({ label: `${setup.cheese.sku} · Blue cheese wheel` });
    const source = line.getByLabel('Take from');
    await expect
      .poll(() => source.locator('option').allTextContents(), { timeout: 20_000 })
      .toContainEqual(expect.stringContaining(`lot ${setup.lot.batchNumber}`));
    const option = (await source.locator('option').allTextContents()).find((text) =>
      text.includes(setup.lot.batchNumber),
    )!;
    expect(option).toContain('20 available');
    await source.selectOption({ label: option });
    await line.getByLabel('Quantity').fill('5');
    await line.getByLabel(/Put into bin/).selectOption({ label: `Main / ${setup.to.binCode}` });
    await settled(page);
    await expectAccessible(page, 'the transfer form');
    await screenshot(page, 'stock-transfer-new', 'desktop');
    await page.getByRole('button', { name: 'Transfer stock' }).click();

    await page.getByRole('heading', { level: 1, name: /^TR-/ }).waitFor();
    const id = page.url().split('/stock-transfers/')[1]!;
    const transfer = (await call('GET', `/stock-transfers/${id}`, { key: org.key })).body;
    expect(transfer.fromWarehouse.id).toBe(setup.from.id);
    expect(transfer.toWarehouse.id).toBe(setup.to.id);
    expect(transfer.lines).toEqual([
      {
        productId: setup.cheese.id,
        quantity: 5,
        batchId: setup.lot.id,
        fromBinId: setup.from.binId,
        toBinId: setup.to.binId,
      },
    ]);
    expect(await lotsIn(setup.cheese.id, setup.from.id)).toEqual({ [setup.lot.id]: 15 });
    expect(await lotsIn(setup.cheese.id, setup.to.id)).toEqual({ [setup.lot.id]: 5 });
    await settled(page);
    await expect
      .poll(() => page.getByRole('region', { name: 'Lines' }).textContent(), { timeout: 20_000 })
      .toContain(setup.lot.batchNumber);
    await expectAccessible(page, 'a transfer');
    await screenshot(page, 'stock-transfer', 'desktop');
    await context.close();
  }, 180_000);

  it('saves an adjustment as a draft, completes it, then voids it', async () => {
    const { page, context } = await openSignedIn(env, org.key, { screen: '/stock-adjustments/new' });
    await page.getByRole('heading', { level: 1, name: 'New stock adjustment' }).waitFor();
    await page.getByLabel('Reason').selectOption('DAMAGED');
    await page.getByLabel('Notes (optional)').fill('Wheel dropped at the dock');
    const line = page.getByRole('group', { name: 'Line 1' });
    await line.getByLabel('Find product').fill(setup.cheese.sku);
    await line.getByLabel('Find product').press('Enter');
    await expect
      .poll(
        () =>
          line
            .getByLabel(/^Product/)
            .locator('option')
            .count(),
        { timeout: 20_000 },
      )
      .toBe(2);
    await line.getByLabel(/^Product/).selectOption({ label: `${setup.cheese.sku} · Blue cheese wheel` });
    await line.getByLabel(/^Warehouse/).selectOption(setup.from.id);
    await line.getByLabel(/^Bin/).selectOption({ label: `Main / ${setup.from.binCode}` });
    await expect.poll(() => line.getByLabel('Lot').locator('option').count(), { timeout: 20_000 }).toBe(2);
    await line.getByLabel('Lot').selectOption(setup.lot.id);
    await line.getByLabel('Change in quantity').fill('-2');
    await settled(page);
    await expectAccessible(page, 'the adjustment form');
    await screenshot(page, 'stock-adjustment-new', 'desktop');
    await page.getByRole('button', { name: 'Save draft' }).click();

    await page.getByRole('heading', { level: 1, name: /^ADJ-/ }).waitFor();
    const id = page.url().split('/stock-adjustments/')[1]!;
    const draft = (await call('GET', `/stock-adjustments/${id}`, { key: org.key })).body;
    expect(draft.status).toBe('DRAFT');
    expect(draft.reason).toBe('DAMAGED');
    expect(draft.lines).toEqual([
      expect.objectContaining({
        productId: setup.cheese.id,
        batchId: setup.lot.id,
        binId: setup.from.binId,
        quantityChange: -2,
      }),
    ]);
    const before = (await lotsIn(setup.cheese.id, setup.from.id))[setup.lot.id]!;
    expect(await page.locator('.action-bar button').allTextContents()).toEqual(['Complete']);

    await page.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => page.locator('h1 .badge').textContent(), { timeout: 20_000 }).toBe('Completed');
    expect((await call('GET', `/stock-adjustments/${id}`, { key: org.key })).body.status).toBe('COMPLETED');
    expect((await lotsIn(setup.cheese.id, setup.from.id))[setup.lot.id]).toBe(before - 2);
    await settled(page);
    await expectAccessible(page, 'a completed adjustment');
    await screenshot(page, 'stock-adjustment', 'desktop');

    await page.getByRole('button', { name: 'Void' }).click();
    await expect.poll(() => page.locator('h1 .badge').textContent(), { timeout: 20_000 }).toBe('Voided');
    expect((await call('GET', `/stock-adjustments/${id}`, { key: org.key })).body.status).toBe('VOIDED');
    expect((await lotsIn(setup.cheese.id, setup.from.id))[setup.lot.id]).toBe(before);
    await settled(page);
    expect(await page.locator('.action-bar button').count()).toBe(0);
    await context.close();
  }, 180_000);

  for (const width of ['desktop', 'phone'] as const) {
    it(`shows the stock screens at ${width} width, accessibly`, async () => {
      const { page, context } = await openSignedIn(env, org.key, { width, screen: '/products' });
      await settled(page);
      await expectAccessible(page, `products at ${width}`);
      await screenshot(page, 'products', width);
      await page.getByLabel('Search').fill('Blue cheese');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect
        .poll(() => page.getByRole('region', { name: 'Products' }).getByRole('link').allTextContents())
        .toEqual(['Blue cheese wheel']);
      await page.getByRole('link', { name: 'Blue cheese wheel' }).click();
      await page.getByRole('heading', { level: 1, name: /Blue cheese wheel/ }).waitFor();
      await settled(page);
      expect(await page.getByRole('region', { name: 'Stock on hand' }).textContent()).toContain(
        setup.lot.batchNumber,
      );
      await expectAccessible(page, `a product at ${width}`);
      await screenshot(page, 'product', width);
      for (const [screen, name] of [
        ['/stock-adjustments', 'stock-adjustments'],
        ['/stock-transfers', 'stock-transfers'],
      ] as const) {
        await goTo(page, env, screen);
        await settled(page);
        await expectAccessible(page, `${name} at ${width}`);
        await screenshot(page, name, width);
      }
      if (width === 'phone') {
        await page.getByRole('link', { name: /^TR-/ }).first().click();
        await page.getByRole('heading', { level: 1, name: /^TR-/ }).waitFor();
        await settled(page);
        await expectAccessible(page, 'a transfer at phone width');
        await screenshot(page, 'stock-transfer', width);
        await goTo(page, env, '/stock-transfers/new');
        await settled(page);
        await expectAccessible(page, 'the transfer form at phone width');
        await screenshot(page, 'stock-transfer-new', width);
      }
      await context.close();
    }, 150_000);
  }

  it('sends nothing off the API and logs no error', () => {
    expect(env.elsewhere).toEqual([]);
    expect(env.errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
  });
});
