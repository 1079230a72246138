import { describe, expect, it } from 'vitest';
import { endpointsOf } from '../../../functions/catalogue.js';
import { GROUPS } from '../../../functions/lambdas.js';
import type { AreaLoaders } from '../../../functions/platform/http/operation-source.js';
import { groupEndpoints } from '../../../functions/platform/catalogue/group-endpoints.js';
import { PURCHASE_ORDER_ENDPOINTS } from '../../../functions/areas/purchase-orders/endpoints.js';
import { GOODS_RECEIPT_ENDPOINTS } from '../../../functions/areas/goods-receipts/endpoints.js';
import { INVENTORY_ENDPOINTS } from '../../../functions/areas/inventory/endpoints.js';

// Each API entry places only its own areas' declarations (the cold start, issue 29 item 1): what it
// serves must stay exactly what the catalogue, the CDK routes and the OpenAPI document say it serves.
describe('the endpoints each Lambda entry serves', () => {
  it.each(GROUPS)(
    '%s serves exactly its catalogue endpoints, in the catalogue order, with area and group',
    async (group) => {
      const entry: unknown = await import(`../../../functions/entries/${group}.ts`);
      const served = (entry as { endpoints: unknown }).endpoints;
      expect(endpointsOf(group).length).toBeGreaterThan(0);
      expect(served).toEqual(endpointsOf(group));
    },
  );

  // The entries import each area's operations on its first request (operation-source.ts): the build-time
  // check sees only that each area has a loader, so this loads each and checks its operation ids.
  it.each(GROUPS)(
    "%s's area loaders give an operation for each of its endpoints, and nothing else",
    async (group) => {
      const entry = (await import(`../../../functions/entries/${group}.ts`)) as { areas: AreaLoaders };
      const endpoints = endpointsOf(group);
      expect(Object.keys(entry.areas).sort()).toEqual([...new Set(endpoints.map((e) => e.area))].sort());
      for (const [area, load] of Object.entries(entry.areas)) {
        const operations = await load!();
        const ids = endpoints.filter((e) => e.area === area).map((e) => e.operationId);
        expect(Object.keys(operations).sort(), area).toEqual(ids.sort());
        for (const id of ids) expect(typeof operations[id], id).toBe('function');
      }
    },
  );

  it('places a group area by area, in the catalogue order, whatever order the areas are given in', () => {
    const placed = groupEndpoints('purchasing', {
      'goods-receipts': GOODS_RECEIPT_ENDPOINTS,
      'purchase-orders': PURCHASE_ORDER_ENDPOINTS,
    });
    expect(placed).toEqual(endpointsOf('purchasing'));
    expect(placed[0]).toMatchObject({ area: 'purchase-orders', group: 'purchasing' });
    expect(placed.at(-1)).toMatchObject({ area: 'goods-receipts', group: 'purchasing' });
  });

  it("leaves out another group's area that reaches it untyped", () => {
    const declared = {
      'purchase-orders': PURCHASE_ORDER_ENDPOINTS,
      'goods-receipts': GOODS_RECEIPT_ENDPOINTS,
      inventory: INVENTORY_ENDPOINTS,
    };
    expect(groupEndpoints('purchasing', declared)).toEqual(endpointsOf('purchasing'));
  });
});
