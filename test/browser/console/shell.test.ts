import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftOrder, orderSetup } from '../../support/sales.js';
import {
  browserAvailable,
  eventually,
  expectAccessible,
  newOrg,
  openPage,
  openSignedIn,
  screenshot,
  settled,
  signIn,
  startConsole,
  type ConsoleEnv,
  type Org,
} from './support.js';

let env: ConsoleEnv;
let org: Org;

describe.skipIf(!browserAvailable)('the console shell', () => {
  beforeAll(async () => {
    [env, org] = await Promise.all([startConsole(), newOrg('Console shell org')]);
    const { customer, product } = await orderSetup(org);
    await draftOrder(org, [{ productId: product.id, quantity: 3 }], { customerId: customer.id });
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('refuses a wrong key with the API message, signs in with a right one, keeps it in sessionStorage only, signs out', async () => {
    const { page, context } = await openPage(env);
    await page.goto(env.url);
    await expectAccessible(page, 'sign-in');
    await screenshot(page, 'sign-in', 'desktop');
    await page.getByLabel('API key').fill('sk_live_not_a_key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toContain(
      'The API key is missing, invalid, revoked or expired',
    );

    await signIn(page, env, org.key);
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Today');
    expect(await page.evaluate('sessionStorage.getItem("stockflow.console.apiKey")')).toBe(org.key);
    expect(await context.cookies()).toEqual([]);
    expect(page.url()).not.toContain(org.key);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor();
    expect(await page.evaluate('sessionStorage.getItem("stockflow.console.apiKey")')).toBeNull();
    await context.close();
  }, 60_000);

  for (const width of ['desktop', 'phone'] as const) {
    it(`shows today's work at ${width} width, accessibly`, async () => {
      const { page, context } = await openSignedIn(env, org.key, { width });
      await settled(page);
      const toConfirm = page.getByRole('article', { name: /To confirm/ });
      await eventually(() => toConfirm.getByRole('link', { name: /^SO-/ }).count()).toBe(1);
      await expectAccessible(page, `today at ${width}`);
      await screenshot(page, 'today', width);
      await page.goto(`${env.url}#/sales-orders`);
      await settled(page);
      await expectAccessible(page, `sales orders at ${width}`);
      await screenshot(page, 'sales-orders', width);
      await page.getByRole('link', { name: /^SO-/ }).first().click();
      await page.getByRole('heading', { level: 1, name: /SO-/ }).waitFor();
      await expectAccessible(page, `sales order at ${width}`);
      await screenshot(page, 'sales-order', width);
      await context.close();
    }, 60_000);
  }

  it('sends nothing off the API and logs no error', () => {
    expect(env.elsewhere).toEqual([]);
    expect(env.errors.filter((error) => !error.includes('401'))).toEqual([]);
  });
});
