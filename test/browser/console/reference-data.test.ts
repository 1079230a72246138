/**
 * Reference data in the console, as the person who keeps it would: a customer, a supplier and a product
 * created in their forms and edited (only the changed fields sent, with the ETag shown as If-Match), each
 * checked over the API; a field the API refuses shown next to that field; an edit of a record someone
 * changed meanwhile refused with the API's 412 message and reloaded, never overwriting their change.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { unique } from '../../support/inventory.js';
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
  type Width,
} from './support.js';

let env: ConsoleEnv;
let org: Org;

const read = async (path: string, query?: Record<string, string>) =>
  (await call('GET', path, { key: org.key, ...(query ? { query } : {}) })).body;

/** The PUTs the page sends to a path: their If-Match and body, to prove what an edit carried. */
function recordPuts(page: Page, pathPart: string) {
  const puts: { ifMatch: string | undefined; body: Record<string, unknown> }[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'PUT' && request.url().includes(pathPart)) {
      puts.push({ ifMatch: request.headers()['if-match'], body: request.postDataJSON() });
    }
  });
  return puts;
}

const idIn = (page: Page, area: string) => page.url().split(`/${area}/`)[1]!.split(/[/?]/)[0]!;

describe.skipIf(!browserAvailable)('customers, suppliers and products in the console', () => {
  beforeAll(async () => {
    [env, org] = await Promise.all([startConsole(), newOrg('Console reference data org')]);
    // Every area these screens call answered once, so the first screen does not wait for the local
    // server to load their handlers.
    for (const path of ['/customers', '/suppliers', '/products', '/categories', '/units-of-measure']) {
      await call('GET', path, { key: org.key });
    }
    await call('GET', '/organisation', { key: org.key });
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('creates a customer (a refused code shown at its field) and edits it with only the changed fields', async () => {
    const { page, context } = await openSignedIn(env, org.key, { screen: '/customers' });
    await page.getByRole('button', { name: 'New customer', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'New customer' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Harbour Deli');
    await page.getByLabel('Code', { exact: true }).fill('HARBOUR DELI');
    await page.getByLabel('Email (optional)').fill('orders@harbourdeli.example');
    await page.getByLabel('Credit limit (optional)').fill('5000');
    await page.getByLabel('Payment terms (days) (optional)').fill('30');
    await page.getByRole('button', { name: 'Create customer' }).click();

    // The API's 400: its message at the top, the field's problem under the field, as sent.
    const alert = page.getByRole('alert');
    await eventually(() => alert.textContent()).toContain('Not created');
    const code = page.getByLabel('Code', { exact: true });
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    const problemId = (await code.getAttribute('aria-describedby'))!.split(' ')[0]!;
    expect(await page.locator(`[id="${problemId}"]`).textContent()).toBe(
      'Code may contain only letters, digits, _ and -',
    );
    await expectAccessible(page, 'the new customer form with a refused field');
    await screenshot(page, 'customer-new-refused', 'desktop');
    expect((await read('/customers', { search: 'Harbour' })).data).toEqual([]);

    const customerCode = `HARBOUR-${unique()}`;
    await code.fill(customerCode);
    await page.getByRole('button', { name: 'Create customer' }).click();
    await page.getByRole('heading', { level: 1, name: /^Harbour Deli/ }).waitFor();
    const id = idIn(page, 'customers');
    const created = await read(`/customers/${id}`);
    expect(created).toMatchObject({
      code: customerCode,
      name: 'Harbour Deli',
      email: 'orders@harbourdeli.example',
      creditLimit: 5000,
      paymentTermsDays: 30,
      phone: null,
    });

    const puts = recordPuts(page, `/customers/${id}`);
    const before = await call('GET', `/customers/${id}`, { key: org.key });
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Harbour Deli' }).waitFor();
    expect(await page.getByLabel('Credit limit (optional)').inputValue()).toBe('5000');
    await page.getByLabel('Phone (optional)').fill('+64 9 555 0100');
    await page.getByLabel('Credit limit (optional)').fill('7500');
    await expectAccessible(page, 'the customer edit form');
    await screenshot(page, 'customer-edit', 'desktop');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { level: 1, name: /^Harbour Deli/ }).waitFor();
    await eventually(async () => (await read(`/customers/${id}`)).creditLimit).toBe(7500);
    const edited = await read(`/customers/${id}`);
    expect(edited).toMatchObject({ phone: '+64 9 555 0100', email: 'orders@harbourdeli.example' });
    expect(puts).toEqual([
      { ifMatch: before.headers.etag, body: { phone: '+64 9 555 0100', creditLimit: 7500 } },
    ]);

    // Saving an untouched form sends nothing.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await eventually(() => page.getByRole('status').textContent()).toContain('Nothing has changed');
    expect(puts).toHaveLength(1);
    await context.close();
  }, 180_000);

  it('refuses an edit of a customer someone changed after the form opened (412), then reloads theirs', async () => {
    const created = await call('POST', '/customers', {
      key: org.key,
      body: { code: `RIVER-${unique()}`, name: 'Riverside Cafe', email: 'cafe@riverside.example' },
    });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    const { page, context } = await openSignedIn(env, org.key, { screen: `/customers/${id}/edit` });
    await page.getByRole('heading', { level: 1, name: 'Edit Riverside Cafe' }).waitFor();
    await settled(page);

    // Someone else renames it over the API while the form is open.
    const theirs = await call('PUT', `/customers/${id}`, {
      key: org.key,
      body: { name: 'Riverside Cafe & Bakery' },
    });
    expect(theirs.status).toBe(200);

    await page.getByLabel('Email (optional)').fill('hello@riverside.example');
    const answer = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().includes(`/customers/${id}`),
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    const refused = await answer;
    expect(refused.status()).toBe(412);
    const message: string = (await refused.json()).error.message;
    const alert = page.getByRole('alert');
    await eventually(() => alert.textContent()).toContain(message);
    // Their change stands; the form's is not sent again.
    expect(await read(`/customers/${id}`)).toMatchObject({
      name: 'Riverside Cafe & Bakery',
      email: 'cafe@riverside.example',
    });
    expect(await page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'a refused stale edit');
    await screenshot(page, 'customer-edit-stale', 'desktop');

    await page.getByRole('button', { name: 'Reload the latest version' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Riverside Cafe & Bakery' }).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Riverside Cafe & Bakery');
    expect(await page.getByLabel('Email (optional)').inputValue()).toBe('cafe@riverside.example');
    expect(await page.getByRole('alert').count()).toBe(0);

    // On the version now shown, the edit goes through.
    await page.getByLabel('Email (optional)').fill('hello@riverside.example');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { level: 1, name: /^Riverside Cafe & Bakery/ }).waitFor();
    await eventually(async () => (await read(`/customers/${id}`)).email).toBe('hello@riverside.example');
    expect((await read(`/customers/${id}`)).name).toBe('Riverside Cafe & Bakery');
    await context.close();
  }, 120_000);

  it('creates a supplier and edits it', async () => {
    const { page, context } = await openSignedIn(env, org.key, { screen: '/suppliers' });
    await page.getByRole('button', { name: 'New supplier', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'New supplier' }).waitFor();
    const supplierCode = `MILL-${unique()}`;
    await page.getByLabel('Name', { exact: true }).fill('Southern Flour Mill');
    await page.getByLabel('Code', { exact: true }).fill(supplierCode);
    await page.getByLabel('Currency').selectOption('AUD');
    await page.getByLabel('Contact name (optional)').fill('Mere Tane');
    await settled(page);
    await expectAccessible(page, 'the new supplier form');
    await screenshot(page, 'supplier-new', 'desktop');
    await page.getByRole('button', { name: 'Create supplier' }).click();
    await page.getByRole('heading', { level: 1, name: /^Southern Flour Mill/ }).waitFor();
    const id = idIn(page, 'suppliers');
    expect(await read(`/suppliers/${id}`)).toMatchObject({
      code: supplierCode,
      name: 'Southern Flour Mill',
      currency: 'AUD',
      salesContactName: 'Mere Tane',
      email: '',
    });

    const puts = recordPuts(page, `/suppliers/${id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Southern Flour Mill' }).waitFor();
    await page.getByLabel('Contact email (optional)').fill('mere@southernflour.example');
    await page.getByLabel('Notes (optional)').fill('Deliveries Tuesdays only.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { level: 1, name: /^Southern Flour Mill/ }).waitFor();
    await eventually(async () => (await read(`/suppliers/${id}`)).salesContactEmail).toBe(
      'mere@southernflour.example',
    );
    expect((await read(`/suppliers/${id}`)).notes).toBe('Deliveries Tuesdays only.');
    expect(puts.map((put) => put.body)).toEqual([
      { salesContactEmail: 'mere@southernflour.example', notes: 'Deliveries Tuesdays only.' },
    ]);
    expect(puts[0]!.ifMatch).toMatch(/^(W\/)?"/);
    await context.close();
  }, 120_000);

  it('creates a product in a category added on the spot, with its prices, and edits its price', async () => {
    const { page, context } = await openSignedIn(env, org.key, { screen: '/products' });
    await page.getByRole('button', { name: 'New product', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
    const sku = `FLOUR-${unique()}`;
    await page.getByLabel('Name', { exact: true }).fill('Stoneground flour 5 kg');
    await page.getByLabel('SKU', { exact: true }).fill(sku);
    const category = `Baking ${unique()}`;
    await page.getByLabel('New category name').fill(category);
    await page.getByRole('button', { name: 'Add category' }).click();
    await eventually(async () => {
      const select = page.getByLabel('Category', { exact: true });
      return select.locator('option:checked').textContent();
    }).toBe(category);
    await page.getByLabel('Sale price (optional)').fill('12.5');
    await page.getByLabel('Cost price (optional)').fill('7.25');
    await page.getByLabel('Tax rate % (optional)').fill('15');
    await page.getByLabel('Tracked by lot').check();
    await page.getByLabel('Shelf life (days) (optional)').fill('180');
    await settled(page);
    await expectAccessible(page, 'the new product form');
    await screenshot(page, 'product-new', 'desktop');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByRole('heading', { level: 1, name: /^Stoneground flour 5 kg/ }).waitFor();
    const id = idIn(page, 'products');
    const created = await read(`/products/${id}`);
    expect(created).toMatchObject({
      sku,
      name: 'Stoneground flour 5 kg',
      defaultPrice: 12.5,
      costPrice: 7.25,
      taxRate: 0.15,
      isBatchTracked: true,
      shelfLifeDays: 180,
      productType: 'STOCKED',
      category: { name: category },
    });
    const categories = (await read('/categories', { search: category })).data;
    expect(categories.map((row: { name: string }) => row.name)).toEqual([category]);

    const puts = recordPuts(page, `/products/${id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Stoneground flour 5 kg' }).waitFor();
    expect(await page.getByLabel('Tax rate % (optional)').inputValue()).toBe('15');
    await page.getByLabel('Sale price (optional)').fill('13.9');
    await settled(page);
    await expectAccessible(page, 'the product edit form');
    await screenshot(page, 'product-edit', 'desktop');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { level: 1, name: /^Stoneground flour 5 kg/ }).waitFor();
    await eventually(async () => (await read(`/products/${id}`)).defaultPrice).toBe(13.9);
    expect(puts.map((put) => put.body)).toEqual([{ defaultPrice: 13.9 }]);
    await context.close();
  }, 120_000);

  for (const width of ['desktop', 'phone'] as const satisfies readonly Width[]) {
    it(`shows the reference-data forms at ${width} width, accessibly`, async () => {
      const [customer, supplier, product] = await Promise.all([
        call('POST', '/customers', { key: org.key, body: { code: `W-${unique()}`, name: 'Wharf Kitchen' } }),
        call('POST', '/suppliers', { key: org.key, body: { code: `W-${unique()}`, name: 'Wharf Produce' } }),
        // Product names are unique in an organisation: one per width.
        call('POST', '/products', {
          key: org.key,
          body: { sku: `W-${unique()}`, name: `Wharf oats 1 kg (${width})` },
        }),
      ]);
      expect([customer.status, supplier.status, product.status]).toEqual([201, 201, 201]);
      const { page, context } = await openSignedIn(env, org.key, { width, screen: '/customers/new' });
      const screens: [string, string, string][] = [
        ['/customers/new', 'New customer', 'customer-new'],
        [`/customers/${customer.body.id}/edit`, 'Edit Wharf Kitchen', 'customer-edit'],
        ['/suppliers/new', 'New supplier', 'supplier-new'],
        [`/suppliers/${supplier.body.id}/edit`, 'Edit Wharf Produce', 'supplier-edit'],
        ['/products/new', 'New product', 'product-new'],
        [`/products/${product.body.id}/edit`, `Edit Wharf oats 1 kg (${width})`, 'product-edit'],
      ];
      for (const [screen, heading, name] of screens) {
        await goTo(page, env, screen);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await settled(page);
        await expectAccessible(page, `${heading} at ${width}`);
        await screenshot(page, `${name}-form`, width);
      }
      await context.close();
    }, 120_000);
  }
});
