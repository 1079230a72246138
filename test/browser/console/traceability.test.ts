import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { adjust, batchOf, product, warehouse } from '../../support/inventory.js';
import { projectLedger } from '../../support/reports.js';
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
let lotA: { id: string; batchNumber: string };
let lotB: { id: string; batchNumber: string };

const statusOf = async (id: string) =>
  (await call('GET', `/batches/${id}`, { key: org.key })).body.status as string;

describe.skipIf(!browserAvailable)('traceability in the console', () => {
  beforeAll(async () => {
    [env, org] = await Promise.all([startConsole(), newOrg('Console traceability org')]);
    const [p, w] = await Promise.all([product(org, { isBatchTracked: true }), warehouse(org)]);
    [lotA, lotB] = await Promise.all([batchOf(org, p.id, '2030-06-30'), batchOf(org, p.id, '2030-09-30')]);
    const stocked = await adjust(org, [
      { productId: p.id, warehouseId: w.id, binId: w.binId, batchId: lotA.id, quantityChange: 12 },
      { productId: p.id, warehouseId: w.id, binId: w.binId, batchId: lotB.id, quantityChange: 5 },
    ]);
    expect(stocked.status).toBe(201);
    await projectLedger(org.orgId);
  }, 60_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('quarantines a lot, releases it, then recalls it; a recalled lot offers nothing more', async () => {
    const { page, context } = await openSignedIn(env, org.key, { screen: '/lots' });
    await settled(page);
    await expectAccessible(page, 'lots');
    await screenshot(page, 'lots', 'desktop');
    await page.getByRole('link', { name: lotA.batchNumber }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(lotA.batchNumber) }).waitFor();
    await settled(page);
    await expectAccessible(page, 'lot');
    await screenshot(page, 'lot', 'desktop');
    // ACTIVE: quarantine and recall, not release.
    expect(await page.getByRole('button', { name: 'Release' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Quarantine' }).click();
    await page.getByRole('button', { name: 'Release' }).waitFor();
    expect(await statusOf(lotA.id)).toBe('QUARANTINED');
    expect(await page.getByRole('button', { name: 'Quarantine' }).count()).toBe(0);
    await settled(page);
    await screenshot(page, 'lot-quarantined', 'desktop');

    await page.getByRole('button', { name: 'Release' }).click();
    await page.getByRole('button', { name: 'Quarantine' }).waitFor();
    expect(await statusOf(lotA.id)).toBe('ACTIVE');

    await page.getByRole('button', { name: 'Recall' }).click();
    await page.getByText('Recalled: a recall is final').waitFor();
    expect(await statusOf(lotA.id)).toBe('RECALLED');
    for (const name of ['Quarantine', 'Release', 'Recall']) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    }
    // The history shows each step with the key that took it.
    await expect
      .poll(() => page.getByRole('region', { name: 'Status history' }).getByRole('row').count())
      .toBe(5); // heading row, create, quarantine, release, recall
    await context.close();
  }, 90_000);

  it('shows the API refusal as sent when the lot changed meanwhile', async () => {
    const { page, context } = await openSignedIn(env, org.key, {
      screen: `/lots/${lotB.id}`,
      width: 'phone',
    });
    await page.getByRole('button', { name: 'Quarantine' }).waitFor();
    await settled(page);
    await expectAccessible(page, 'lot at phone');
    await screenshot(page, 'lot', 'phone');
    // Someone recalls it elsewhere while the screen still shows ACTIVE.
    expect((await call('POST', `/batches/${lotB.id}/recall`, { key: org.key })).status).toBe(200);
    await page.getByRole('button', { name: 'Quarantine' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('Quarantine was refused');
    expect(await alert.textContent()).toContain('Batch is RECALLED; quarantine needs ACTIVE');
    await settled(page);
    await screenshot(page, 'lot-refused', 'phone');
    expect(await statusOf(lotB.id)).toBe('RECALLED');

    await goTo(page, env, '/lots?status=RECALLED');
    await settled(page);
    await expectAccessible(page, 'lots at phone');
    await screenshot(page, 'lots', 'phone');
    await context.close();
  }, 90_000);

  for (const width of ['desktop', 'phone'] as const) {
    it(`draws the stock movement and valuation charts, with their figures as tables, at ${width} width`, async () => {
      const { page, context } = await openSignedIn(env, org.key, {
        screen: '/reports/stock-movement',
        width,
      });
      const chart = page.getByRole('img', { name: /Units in and out per day/ });
      await chart.waitFor();
      await settled(page);
      // 12 + 5 units came in today: the caption and the table say so.
      expect(await chart.getAttribute('aria-labelledby')).toBeTruthy();
      await expect.poll(() => page.locator('figcaption').first().textContent()).toContain('17 in');
      expect(await page.locator('svg rect.chart-in').count()).toBeGreaterThan(0);
      const days = page.getByRole('region', { name: 'Days with movement' });
      expect(await days.getByRole('row').count()).toBe(2);
      await expectAccessible(page, `stock movement at ${width}`);
      await screenshot(page, 'report-stock-movement', width);

      await goTo(page, env, '/reports/valuation');
      await page.getByRole('img', { name: /Stock value by product/ }).waitFor();
      await settled(page);
      await expectAccessible(page, `valuation at ${width}`);
      await screenshot(page, 'report-valuation', width);

      await goTo(page, env, '/reports/receivable-aging');
      await page.getByRole('heading', { level: 1, name: 'Receivable aging' }).waitFor();
      await settled(page);
      await expectAccessible(page, `aging at ${width}`);
      await context.close();
    }, 90_000);
  }

  it('sends nothing off the API and logs no error', () => {
    expect(env.elsewhere).toEqual([]);
    expect(env.errors.filter((error) => !/\b(401|422)\b/.test(error))).toEqual([]);
  });
});
