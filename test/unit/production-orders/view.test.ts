import { describe, expect, it } from 'vitest';
import {
  productionOrderDetail,
  productionOrderSummary,
} from '../../../functions/areas/production-orders/view.js';
import { exploded, order } from './fixtures.js';

describe('production-order view', () => {
  it('caps the detail lines at 1000, OUTPUT first, with linesTruncated and linesTotal', () => {
    const big = order(
      Array.from({ length: 1200 }, (_, i) => exploded(`p${i}`, 1)),
      1,
    );
    const detail = productionOrderDetail(big);
    expect(detail.lines).toHaveLength(1000);
    expect(detail.lines[0]!.lineType).toBe('OUTPUT');
    expect(detail).toMatchObject({ linesTruncated: true, linesTotal: 1201, lineCount: 1201 });
    const small = productionOrderDetail(order([exploded('flour', 1)]));
    expect(small).toMatchObject({ linesTruncated: false, linesTotal: 2 });
    expect(productionOrderSummary(big)).not.toHaveProperty('lines');
  });
});
