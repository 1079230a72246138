import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/dynamo/client.js';
import { installRecorder } from '../../bench/measure.js';
import { newBenchTenant } from '../../bench/seed.js';
import { measureTwins, TWINS, type TwinResult } from '../../bench/twins.js';

/**
 * Section 2b of `npm run bench` (bench/twins.ts), every row: the API door (the endpoint's operation) and
 * the CLI door (the admin command) of a step make the same DynamoDB calls with the same consumed capacity,
 * but for the rows whose note says why they differ, pinned here call for call.
 */
let results: TwinResult[];

// The doors only (no whole request, so two fixtures a row): 55 s measured for 34 rows, 135 s for 44, on a
// 2-core machine busy with other runs; the hook allows for a busier one.

beforeAll(async () => {
  const recorder = installRecorder(db());
  results = await measureTwins(await newBenchTenant('Twins test'), recorder, { request: false });
}, 300_000);

/** The rows whose doors differ by design: each door's calls, as their notes explain them. */
const DIFFERING: Record<string, { api: string; cli: string }> = {
  'warehouse add-zone': {
    api: 'GetItem x2 + Query x2 + TransactWriteItems',
    cli: 'GetItem + TransactWriteItems',
  },
  'warehouse add-bin': {
    api: 'GetItem x2 + Query x2 + TransactWriteItems',
    cli: 'GetItem + TransactWriteItems',
  },
  'category create': { api: 'TransactWriteItems', cli: 'GetItem + TransactWriteItems' },
  'uom create': { api: 'TransactWriteItems', cli: 'GetItem + TransactWriteItems' },
  'org set-credit-mode': {
    api: 'GetItem x2 + Query + TransactWriteItems',
    cli: 'GetItem + TransactWriteItems',
  },
  'key create': { api: 'TransactWriteItems', cli: 'GetItem + TransactWriteItems' },
  'customer-group create': { api: 'TransactWriteItems', cli: 'GetItem + TransactWriteItems' },
  'sales-rep create': { api: 'TransactWriteItems', cli: 'GetItem + TransactWriteItems' },
  'sales-rep deactivate': { api: 'GetItem + TransactWriteItems', cli: 'GetItem x2 + TransactWriteItems' },
  'customer set-product-discount': {
    api: 'BatchGetItem + TransactWriteItems',
    cli: 'BatchGetItem + GetItem + TransactWriteItems',
  },
  // No price list yet: the refreshed supplier needs no product names.
  'supplier add-location': {
    api: 'GetItem + Query x2 + TransactWriteItems',
    cli: 'GetItem + Query + TransactWriteItems',
  },
  'supplier set-price': {
    api: 'BatchGetItem + GetItem x2 + Query x2 + TransactWriteItems',
    cli: 'GetItem x2 + Query + TransactWriteItems',
  },
  'price-tier set-price': {
    api: 'BatchGetItem + GetItem x5 + Query + TransactWriteItems',
    cli: 'GetItem x4 + TransactWriteItems',
  },
  // Breaks only, no prices: the refreshed tier needs no product names.
  'price-tier add-break': {
    api: 'GetItem x4 + Query + TransactWriteItems',
    cli: 'GetItem x3 + TransactWriteItems',
  },
};

describe('npm run bench, section 2b: steps over the API next to their CLI twins', () => {
  it('measures one row per twin, each door writing', () => {
    expect(results.map((r) => r.cli)).toEqual(TWINS.map((t) => t.cli));
    for (const r of results) {
      expect(r.api.signature, r.cli).toContain('TransactWriteItems');
      expect(r.cliDoor.signature, r.cli).toContain('TransactWriteItems');
    }
  });

  it('the API door and the CLI door make the same calls with the same capacity, but for the noted rows', () => {
    const same = results.filter((r) => !DIFFERING[r.cli]);
    expect(same.length).toBe(TWINS.length - Object.keys(DIFFERING).length);
    for (const r of same) {
      expect({ calls: r.api.signature, capacity: r.api.capacity }, `${r.step} vs ${r.cli}`).toEqual({
        calls: r.cliDoor.signature,
        capacity: r.cliDoor.capacity,
      });
      expect(r.equal, r.cli).toBe(true);
    }
  });

  it('the rows whose doors differ say why, and differ exactly as they say', () => {
    for (const r of results.filter((row) => DIFFERING[row.cli])) {
      expect({ api: r.api.signature, cli: r.cliDoor.signature }, r.cli).toEqual(DIFFERING[r.cli]);
      expect(r.note, r.cli).toMatch(/\w+/);
      expect(r.equal, r.cli).toBe(false);
    }
  });
});
