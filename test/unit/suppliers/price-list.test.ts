import { describe, expect, it } from 'vitest';
import { priceListView } from '../../../domain/suppliers/price-list.js';

describe('the supplier price list', () => {
  it('is preferred first, then cheapest, capped at 500 with the total', async () => {
    const rows = Array.from({ length: 502 }, (_, i) => ({
      productId: `p${String(i).padStart(3, '0')}`,
      supplierSku: null,
      supplierPrice: 1000 - i,
      leadTimeDays: null,
      minOrderQty: null,
      isPreferred: i === 0,
    }));
    const view = priceListView(rows);
    expect(view.priceListTotal).toBe(502);
    expect(view.priceListTruncated).toBe(true);
    expect(view.priceList).toHaveLength(500);
    expect(view.priceList.slice(0, 3).map((r) => r.productId)).toEqual(['p000', 'p501', 'p500']);
  });
});
