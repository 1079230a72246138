/**
 * Procure to pay in the console, driven as a buyer and a person at the dock would: a purchase order made
 * in the create form, submitted, approved, received with a lot (and its expiry date) and serial numbers,
 * then completed; each step checked over the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { product, warehouse } from '../../support/inventory.js';
import { supplier } from '../../support/purchase-orders.js';
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
  supplier: Awaited<ReturnType<typeof supplier>>;
  warehouse: Awaited<ReturnType<typeof warehouse>>;
  lotted: Awaited<ReturnType<typeof product>>;
  serialised: Awaited<ReturnType<typeof product>>;
};

const detailOf = async (path: string) => (await call('GET', path, { key: org.key })).body;

describe.skipIf(!browserAvailable)('procure to pay in the console', () => {
  beforeAll(async () => {
    [env, org] = await Promise.all([startConsole(), newOrg('Console purchasing org')]);
    const [s, w, lotted, serialised] = await Promise.all([
      supplier(org, { name: 'Harbour Dairy Supplies' }),
      warehouse(org),
      product(org, { name: 'Cheddar 1 kg', isBatchTracked: true, costPrice: 7.5 }),
      product(org, { name: 'Probe thermometer', requiresSerialTracking: true, costPrice: 40 }),
    ]);
    setup = { supplier: s, warehouse: w, lotted, serialised };
    // An order for the list screens, whatever the workflow test does; and every area this file's screens
    // call answered once, so the first screen does not wait for the local server to load their handlers.
    const draft = await call('POST', '/purchase-orders', {
      key: org.key,
      body: { supplierId: s.id, lines: [{ productId: lotted.id, quantity: 5, unitPrice: 7 }] },
    });
    expect(draft.status).toBe(201);
    for (const path of [
      '/suppliers',
      '/warehouses',
      '/products',
      '/stock-on-hand',
      '/batches',
      '/serial-numbers',
    ]) {
      await call('GET', path, { key: org.key });
    }
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('takes a purchase order from draft to received with a lot and serial numbers, then completes it', async () => {
    const { page, context } = await openSignedIn(env, org.key, { screen: '/purchase-orders' });
    await page.getByRole('button', { name: 'New purchase order' }).click();
    await page.getByRole('heading', { level: 1, name: 'New purchase order' }).waitFor();
    await expect
      .poll(() => page.getByLabel('Supplier').locator('option').count(), { timeout: 20_000 })
      .toBe(2);

    await page.getByLabel('Supplier').selectOption(setup.supplier.id);
    await page.getByLabel('Deliver to warehouse').selectOption(setup.warehouse.id);
    const line1 = page.getByRole('group', { name: 'Line 1' });
    await line1.getByLabel('Find product').fill(setup.lotted.sku);
    await line1.getByLabel('Find product').press('Enter');
    await expect
      .poll(
        () =>
          line1
            .getByLabel(/^Product/)
            .locator('option')
            .count(),
        { timeout: 20_000 },
      )
      .toBe(2);
    await line1.getByLabel(/^Product/).selectOption({ label: `${setup.lotted.sku} · Cheddar 1 kg` });
    await line1.getByLabel('Quantity').fill('12');
    expect(await line1.getByLabel(/Unit price/).inputValue()).toBe('7.5');

    await page.getByRole('button', { name: 'Add line' }).click();
    const line2 = page.getByRole('group', { name: 'Line 2' });
    await line2.getByLabel('Find product').fill(setup.serialised.sku);
    await line2.getByLabel('Find product').press('Enter');
    await expect
      .poll(
        () =>
          line2
            .getByLabel(/^Product/)
            .locator('option')
            .count(),
        { timeout: 20_000 },
      )
      .toBe(2);
    await line2.getByLabel(/^Product/).selectOption({ label: `${setup.serialised.sku} · Probe thermometer` });
    await line2.getByLabel('Quantity').fill('2');
    await settled(page);
    await expectAccessible(page, 'the purchase order form');
    await screenshot(page, 'purchase-order-new', 'desktop');

    await page.getByRole('button', { name: 'Create draft' }).click();
    const heading = page.getByRole('heading', { level: 1, name: /^PO-/ });
    await heading.waitFor();
    const id = page.url().split('/purchase-orders/')[1]!;
    const created = await detailOf(`/purchase-orders/${id}`);
    expect(created.status).toBe('DRAFT');
    expect(created.supplier.id).toBe(setup.supplier.id);
    expect(created.warehouseId).toBe(setup.warehouse.id);
    expect(
      created.lines.map((line: { quantity: number; unitPrice: number }) => [line.quantity, line.unitPrice]),
    ).toEqual([
      [12, 7.5],
      [2, 40],
    ]);
    // A draft is submitted or cancelled; nothing can be received or completed yet.
    expect(await page.getByRole('button', { name: 'Receive goods' }).count()).toBe(0);
    expect(await page.locator('.action-bar button').allTextContents()).toEqual(['Submit', 'Cancel order']);

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.locator('h1 .badge').textContent(), { timeout: 20_000 }).toBe('Submitted');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.locator('h1 .badge').textContent(), { timeout: 20_000 }).toBe('Approved');
    expect((await detailOf(`/purchase-orders/${id}`)).status).toBe('APPROVED');
    await settled(page);
    await expectAccessible(page, 'an approved purchase order');
    await screenshot(page, 'purchase-order-approved', 'desktop');

    await page.getByRole('button', { name: 'Receive goods' }).click();
    const form = page.getByRole('form', { name: 'Receive goods' });
    await form.getByLabel(`Lot number (${setup.lotted.sku})`).waitFor();
    expect(await form.getByLabel('Into warehouse').inputValue()).toBe(setup.warehouse.id);
    await form.getByLabel('Bin').selectOption({ label: `Main / ${setup.warehouse.binCode}` });
    await form.getByLabel(`Lot number (${setup.lotted.sku})`).fill('CHD-2611');
    await form.getByLabel(`Expiry date (${setup.lotted.sku})`).fill('2027-03-31');
    await form.getByLabel(`Serial numbers (${setup.serialised.sku})`).fill('TP-0001\nTP-0002');
    expect(await form.getByLabel(`Quantity received (${setup.lotted.sku})`).inputValue()).toBe('12');
    await expectAccessible(page, 'the receive form');
    await screenshot(page, 'purchase-order-receive', 'desktop');
    await form.getByRole('button', { name: 'Record receipt' }).click();

    await expect.poll(() => page.locator('h1 .badge').textContent(), { timeout: 20_000 }).toBe('Received');
    const receipt = page.getByRole('status');
    await expect.poll(() => receipt.textContent(), { timeout: 20_000 }).toMatch(/Receipt GR-\d+ recorded/);
    expect(await receipt.textContent()).toContain('TP-0001, TP-0002');
    expect(await receipt.textContent()).toContain('CHD-2611');
    const received = await detailOf(`/purchase-orders/${id}`);
    expect(received.status).toBe('RECEIVED');
    expect(received.lines.map((line: { receivedQty: number }) => line.receivedQty)).toEqual([12, 2]);
    expect(received.receipts).toHaveLength(1);
    const lots = (await call('GET', '/batches', { key: org.key, query: { productId: setup.lotted.id } })).body
      .data;
    expect(lots).toHaveLength(1);
    expect(lots[0].batchNumber).toBe('CHD-2611');
    expect(lots[0].expiryDate).toMatch(/^2027-03-31/);
    const serials = (
      await call('GET', '/serial-numbers', { key: org.key, query: { productId: setup.serialised.id } })
    ).body.data
      .map((serial: { serialNumber: string }) => serial.serialNumber)
      .sort();
    expect(serials).toEqual(['TP-0001', 'TP-0002']);
    await settled(page);
    await expectAccessible(page, 'a received purchase order');
    await screenshot(page, 'purchase-order-received', 'desktop');

    // The order lists its receipt (GET /goods-receipts); opened, it reads the lot's expiry and the serials.
    const receipts = page.getByRole('region', { name: 'Goods receipts' });
    await receipts.getByText(/^GR-\d+$/).click();
    const receiptLines = page.getByRole('region', { name: /^Lines of receipt GR-/ });
    await expect.poll(() => receiptLines.textContent(), { timeout: 20_000 }).toContain('TP-0001, TP-0002');
    expect(await receiptLines.textContent()).toContain('CHD-2611');
    expect(await receiptLines.textContent()).toContain('2027');
    await settled(page);
    await expectAccessible(page, 'a purchase order with its receipt opened');
    await screenshot(page, 'purchase-order-receipt-lines', 'desktop');

    await page.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => page.locator('h1 .badge').textContent(), { timeout: 20_000 }).toBe('Completed');
    expect((await detailOf(`/purchase-orders/${id}`)).status).toBe('COMPLETED');
    await settled(page);
    expect(await page.locator('.action-bar button').count()).toBe(0);

    // The product now shows the lot in the bin it went to.
    await goTo(page, env, `/products/${setup.lotted.id}`);
    await page.getByRole('heading', { level: 1, name: /Cheddar 1 kg/ }).waitFor();
    await settled(page);
    expect(await page.getByRole('region', { name: 'Stock on hand' }).textContent()).toContain('CHD-2611');
    await context.close();
  }, 240_000);

  for (const width of ['desktop', 'phone'] as const) {
    it(`shows the buying screens at ${width} width, accessibly`, async () => {
      const { page, context } = await openSignedIn(env, org.key, { width, screen: '/purchase-orders' });
      await settled(page);
      await expectAccessible(page, `purchase orders at ${width}`);
      await screenshot(page, 'purchase-orders', width);
      await page.getByRole('link', { name: /^PO-/ }).first().click();
      await page.getByRole('heading', { level: 1, name: /^PO-/ }).waitFor();
      await settled(page);
      await expectAccessible(page, `a purchase order at ${width}`);
      await screenshot(page, 'purchase-order', width);
      await goTo(page, env, '/suppliers');
      await settled(page);
      await expectAccessible(page, `suppliers at ${width}`);
      await screenshot(page, 'suppliers', width);
      await page.getByRole('link', { name: 'Harbour Dairy Supplies' }).click();
      await page.getByRole('heading', { level: 1, name: /Harbour Dairy Supplies/ }).waitFor();
      await settled(page);
      await expectAccessible(page, `a supplier at ${width}`);
      await screenshot(page, 'supplier', width);
      if (width === 'phone') {
        await goTo(page, env, '/purchase-orders/new');
        await settled(page);
        await expectAccessible(page, 'the purchase order form at phone width');
        await screenshot(page, 'purchase-order-new', width);
      }
      await context.close();
    }, 120_000);
  }

  it('sends nothing off the API and logs no error', () => {
    expect(env.elsewhere).toEqual([]);
    expect(env.errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
  });
});
