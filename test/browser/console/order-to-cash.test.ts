/**
 * o27, order to cash in the console, driven as a person does: a sales order created in the form (customer
 * and product found by search, the price as the API resolves it), confirmed, shipped (create, pick, pack,
 * dispatch with carrier and tracking), invoiced, sent, credited in part (a credit note from the invoice,
 * approved), paid and completed; then the records are checked over the API. Every screen of the area is
 * checked with axe and photographed at desktop and phone width.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { confirmOrder, draftOrder, orderSetup } from '../../support/sales.js';
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
  type Width,
} from './support.js';

let env: ConsoleEnv;
let org: Org;
let setup: Awaited<ReturnType<typeof orderSetup>>;
/** The console paths of the records the walk made, for the phone pass. */
const made: Record<string, string> = {};

const statusOf = (page: Page) => page.getByRole('heading', { level: 1 }).locator('.badge');
const waitStatus = (page: Page, status: string) =>
  expect.poll(() => statusOf(page).textContent(), { timeout: 15_000 }).toBe(status);
const idIn = (page: Page) => new URL(page.url()).hash.split('/').pop()?.split('?')[0] ?? '';

async function check(page: Page, name: string, width: Width) {
  await settled(page);
  await expectAccessible(page, `${name} at ${width}`);
  await screenshot(page, name, width);
}

describe.skipIf(!browserAvailable)('order to cash in the console', () => {
  beforeAll(async () => {
    [env, org] = await Promise.all([startConsole(), newOrg('Console order-to-cash org')]);
    setup = await orderSetup(org);
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('walks an order from creation to paid and completed, with a credit note, and the API agrees', async () => {
    const { page, context } = await openSignedIn(env, org.key, { screen: '/sales-orders' });
    const { customer, product } = setup;

    // Create: the customer and the product found by their search, the price as the API resolves it.
    // A link drawn as a button (role=button).
    await page.getByRole('button', { name: 'New sales order' }).click();
    await page.getByRole('heading', { level: 1, name: 'New sales order' }).waitFor();
    await page.getByLabel('Find a customer').fill(customer.name);
    await page.getByRole('button', { name: 'Find' }).first().click();
    await expect
      .poll(() => page.getByLabel('Customer', { exact: true }).locator('option').count(), { timeout: 15_000 })
      .toBe(2);
    await page
      .getByLabel('Customer', { exact: true })
      .selectOption({ label: `${customer.name} (${customer.code})` });
    await page.getByLabel('Find a product for line 1').fill(product.sku);
    await page.getByLabel('Find a product for line 1').press('Enter');
    const productSelect = page.getByLabel('Product for line 1', { exact: true });
    await expect.poll(() => productSelect.locator('option').count(), { timeout: 15_000 }).toBe(2);
    await productSelect.selectOption({ index: 1 });
    await page.getByLabel('Quantity', { exact: true }).fill('3');
    await expect.poll(() => page.getByText(/as the API resolves it/).count(), { timeout: 15_000 }).toBe(1);
    await check(page, 'sales-order-new', 'desktop');
    await page.getByRole('button', { name: 'Create order' }).click();
    await page.getByRole('heading', { level: 1, name: /SO-/ }).waitFor();
    await waitStatus(page, 'Draft');
    const orderId = idIn(page);
    made.order = `/sales-orders/${orderId}`;

    // Confirm, then a shipment: create, pick, pack, dispatch with carrier and tracking.
    await page.getByRole('button', { name: 'Confirm' }).click();
    await waitStatus(page, 'Confirmed');
    await page.getByRole('button', { name: 'Create shipment' }).click();
    await page
      .getByRole('form', { name: 'Create shipment' })
      .getByRole('button', { name: 'Create shipment' })
      .click();
    const shipmentLink = page.getByRole('region', { name: 'Shipments' }).getByRole('link');
    await expect.poll(() => shipmentLink.count(), { timeout: 15_000 }).toBe(1);
    await check(page, 'sales-order-shipping', 'desktop');
    await shipmentLink.click();
    await page
      .getByRole('heading', { level: 1, name: /Shipment of|SH/ })
      .first()
      .waitFor();
    await waitStatus(page, 'Picking');
    made.shipment = `/shipments/${idIn(page)}`;
    await page.getByRole('button', { name: 'Pick' }).click();
    await waitStatus(page, 'Picked');
    await page.getByRole('button', { name: 'Pack' }).click();
    await waitStatus(page, 'Packed');
    await page.getByRole('button', { name: 'Dispatch' }).click();
    const dispatch = page.getByRole('form', { name: 'Dispatch' });
    await dispatch.getByLabel('Carrier').fill('NZ Couriers');
    await dispatch.getByLabel('Tracking number').fill('NZC123456789');
    await check(page, 'shipment-dispatch', 'desktop');
    await dispatch.getByRole('button', { name: 'Dispatch' }).click();
    await waitStatus(page, 'Dispatched');
    await check(page, 'shipment', 'desktop');

    // Invoice from the order, send it.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').click();
    await waitStatus(page, 'Dispatched');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await page.getByRole('heading', { level: 1, name: /INV-/ }).waitFor();
    await waitStatus(page, 'Draft');
    const invoiceId = idIn(page);
    made.invoice = `/invoices/${invoiceId}`;
    await page.getByRole('button', { name: 'Send' }).click();
    await waitStatus(page, 'Sent');

    // A credit note of one unit from the invoice, approved.
    await page.getByRole('button', { name: 'Create credit note' }).click();
    await page.getByRole('heading', { level: 1, name: 'New credit note' }).waitFor();
    await page.getByLabel(new RegExp(`^${product.name}`)).fill('1');
    await check(page, 'credit-note-new', 'desktop');
    await page.getByRole('button', { name: 'Create credit note' }).click();
    await page.getByRole('heading', { level: 1, name: /CN-/ }).waitFor();
    await waitStatus(page, 'Draft');
    const creditNoteId = idIn(page);
    made.creditNote = `/credit-notes/${creditNoteId}`;
    await page.getByRole('button', { name: 'Approve' }).click();
    await waitStatus(page, 'Approved');
    await check(page, 'credit-note', 'desktop');

    // The payment of what is left, then the order completes.
    const before = await call('GET', `/invoices/${invoiceId}`, { key: org.key });
    const balance = before.body.balanceDue as number;
    expect(before.body.creditedAmount).toBeGreaterThan(0);
    await page.getByRole('link', { name: before.body.invoiceNumber }).click();
    await waitStatus(page, 'Sent');
    await page.getByRole('button', { name: 'Record payment' }).click();
    const payment = page.getByRole('form', { name: 'Record payment' });
    await payment.getByLabel(/Amount received/).fill(String(balance));
    await payment.getByLabel(/Reference/).fill('Bank 2026-11-26');
    await check(page, 'invoice-payment', 'desktop');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await waitStatus(page, 'Paid');
    await check(page, 'invoice', 'desktop');
    await page.getByRole('link', { name: /^SO-/ }).first().click();
    await page.getByRole('button', { name: 'Complete' }).click();
    await waitStatus(page, 'Completed');
    await check(page, 'sales-order-completed', 'desktop');

    // The records, over the API.
    const [order, invoice, note, shipments] = await Promise.all([
      call('GET', `/sales-orders/${orderId}`, { key: org.key }),
      call('GET', `/invoices/${invoiceId}`, { key: org.key }),
      call('GET', `/credit-notes/${creditNoteId}`, { key: org.key }),
      call('GET', '/shipments', { key: org.key, query: { salesOrderId: orderId } }),
    ]);
    expect(order.body).toMatchObject({
      status: 'COMPLETED',
      customer: { id: customer.id },
      lines: [{ productId: product.id, quantity: 3, unitPrice: 10, dispatchedQty: 3, invoicedQty: 3 }],
    });
    expect(shipments.body.data).toEqual([
      expect.objectContaining({
        status: 'DISPATCHED',
        carrier: 'NZ Couriers',
        trackingNumber: 'NZC123456789',
      }),
    ]);
    expect(note.body).toMatchObject({
      status: 'APPROVED',
      invoice: { id: invoiceId },
      lines: [{ productId: product.id, quantity: 1, unitPrice: 10 }],
    });
    expect(invoice.body).toMatchObject({ status: 'PAID', balanceDue: 0, paidAmount: balance });
    expect(invoice.body.payments).toEqual([
      expect.objectContaining({ amount: balance, reference: 'Bank 2026-11-26' }),
    ]);
    expect(invoice.body.paidAmount + invoice.body.creditedAmount).toBeCloseTo(invoice.body.totalAmount, 2);
    await context.close();
  }, 180_000);

  it('shows a refused payment with the API message as sent', async () => {
    const order = await draftOrder(org, [{ productId: setup.product.id, quantity: 1 }], {
      customerId: setup.customer.id,
      warehouseId: setup.warehouse.id,
    });
    await confirmOrder(org, order.id);
    const invoiced = await call('POST', `/sales-orders/${order.id}/invoice`, { key: org.key });
    expect(invoiced.status).toBe(201);
    expect((await call('POST', `/invoices/${invoiced.body.id}/send`, { key: org.key })).status).toBe(200);
    // The same refusal over the API first (it changes nothing): the console must show its message.
    const refused = await call('POST', `/invoices/${invoiced.body.id}/payments`, {
      key: org.key,
      body: { amount: 100000 },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);

    const { page, context } = await openSignedIn(env, org.key, { screen: `/invoices/${invoiced.body.id}` });
    await waitStatus(page, 'Sent');
    await page.getByRole('button', { name: 'Record payment' }).click();
    const payment = page.getByRole('form', { name: 'Record payment' });
    await payment.getByLabel(/Amount received/).fill('100000');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 })
      .toContain(refused.body.error.message as string);
    await check(page, 'invoice-payment-refused', 'desktop');
    await context.close();
  }, 60_000);

  for (const width of ['desktop', 'phone'] as const) {
    it(`lists and details every order-to-cash screen at ${width} width, accessibly`, async () => {
      const { page, context } = await openSignedIn(env, org.key, { width, screen: '/customers' });
      const screens: [string, string][] = [
        ['customers', '/customers'],
        ['customer', `/customers/${setup.customer.id}`],
        ['invoices', '/invoices'],
        ['credit-notes', '/credit-notes'],
        ...(width === 'phone'
          ? ([
              ['sales-order-new', `/sales-orders/new?customerId=${setup.customer.id}`],
              ['sales-order-completed', made.order],
              ['shipment', made.shipment],
              ['invoice', made.invoice],
              ['credit-note', made.creditNote],
            ] as [string, string | undefined][])
          : []
        ).filter((entry): entry is [string, string] => Boolean(entry[1])),
      ];
      for (const [name, screen] of screens) {
        await goTo(page, env, screen);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await settled(page);
        // Every amount has landed (a credit note's currency is read from its customer).
        expect(await page.locator('main').getByText('…', { exact: true }).count()).toBe(0);
        await check(page, name, width);
      }
      await context.close();
    }, 120_000);
  }

  it('sends nothing off the API and logs no error', () => {
    expect(env.elsewhere).toEqual([]);
    // The browser logs the refused payment's 422 (the refusal test asks for it); nothing else.
    expect(env.errors.filter((error) => !error.includes('422'))).toEqual([]);
  });
});
