/**
 * The movement report is source-agnostic: every stock-moving document that landed after it (transfers,
 * shipment picks, production) appears with its own source type, id and number, without a change to the
 * report. One tenant per source so the rows asserted are exactly that document's.
 */
import { describe, expect, it } from 'vitest';
import { transferStock } from '../../functions/areas/inventory/steps/transfers.js';
import { completeProductionOrderCommand } from '../../functions/areas/production-orders/steps/complete.js';
import { createProductionOrderCommand } from '../../functions/areas/production-orders/steps/create.js';
import { startProductionOrderCommand } from '../../functions/areas/production-orders/steps/transitions.js';
import { createShipment } from '../../functions/areas/shipments/steps/create.js';
import { pickShipment } from '../../functions/areas/shipments/steps/pick.js';
import { newTenant } from '../support/api.js';
import { adjust, product, warehouse } from '../support/inventory.js';
import { recipe } from '../support/production.js';
import { movementReport } from '../support/reports.js';
import { confirmOrder, customer, draftOrder } from '../support/sales.js';

const bySource = (rows: Record<string, any>[], sourceType: string) =>
  rows.filter((r) => r.sourceType === sourceType);

describe('GET /reports/stock-movement across movement sources', () => {
  it('a transfer gives an OUT row at the source and an IN row at the destination, with its TR- number', async () => {
    const t = await newTenant('Report transfer org');
    const [p, w1, w2] = await Promise.all([product(t), warehouse(t), warehouse(t)]);
    await adjust(t, [{ productId: p.id, warehouseId: w1.id, quantityChange: 10 }]);
    const done = await transferStock({
      orgId: t.orgId,
      productId: p.id,
      fromWarehouseId: w1.id,
      toWarehouseId: w2.id,
      fromBinId: null,
      toBinId: null,
      batchId: null,
      quantity: 4,
    });

    const { movements } = await movementReport(t);
    const rows = bySource(movements, 'transfer');
    expect(rows).toHaveLength(2);
    expect(
      rows.map((r) => [r.warehouse.id, r.quantityChange, r.direction, r.sourceId, r.sourceNumber]).sort(),
    ).toEqual(
      [
        [w1.id, -4, 'OUT', done.id, 'TR-000001'],
        [w2.id, 4, 'IN', done.id, 'TR-000001'],
      ].sort(),
    );
    // Filtered by the destination warehouse, only the IN row (and nothing of the source's adjustment).
    const there = await movementReport(t, { warehouseId: w2.id });
    expect(there.movements.map((r) => [r.sourceType, r.quantityChange])).toEqual([['transfer', 4]]);
  });

  it('a shipment pick appears as the shipment, with its SH- number and the picked quantity out', async () => {
    const t = await newTenant('Report shipment org');
    const [c, w, p] = await Promise.all([customer(t), warehouse(t), product(t)]);
    await adjust(t, [{ productId: p.id, warehouseId: w.id, quantityChange: 9 }]);
    const order = await draftOrder(t, [{ productId: p.id, quantity: 3 }], {
      customerId: c.id,
      warehouseId: w.id,
    });
    await confirmOrder(t, order.id);
    const shipment = await createShipment({ orgId: t.orgId, salesOrderId: order.id });
    await pickShipment({ orgId: t.orgId, id: shipment.id });

    const { movements } = await movementReport(t, { productId: p.id });
    const rows = bySource(movements, 'shipment');
    expect(rows).toEqual([
      expect.objectContaining({
        sourceId: shipment.id,
        sourceNumber: shipment.shipmentNumber,
        quantityChange: -3,
        direction: 'OUT',
      }),
    ]);
  });

  it('a production completion shows the inputs consumed (OUT) and the output made (IN) under its MO- number', async () => {
    const t = await newTenant('Report production org');
    const [w, flour, bread] = await Promise.all([warehouse(t), product(t), product(t)]);
    await adjust(t, [{ productId: flour.id, warehouseId: w.id, quantityChange: 20 }]);
    await recipe(t, bread.id, [{ componentProductId: flour.id, quantity: 2 }]);
    const mo = await createProductionOrderCommand({
      orgId: t.orgId,
      productId: bread.id,
      quantity: 5,
      warehouseId: w.id,
    });
    await startProductionOrderCommand({ orgId: t.orgId, id: mo.id });
    await completeProductionOrderCommand({ orgId: t.orgId, id: mo.id });

    const { movements } = await movementReport(t);
    const rows = bySource(movements, 'production_order');
    expect(rows.map((r) => [r.product.id, r.quantityChange, r.sourceId, r.sourceNumber]).sort()).toEqual(
      [
        [flour.id, -10, mo.id, mo.orderNumber],
        [bread.id, 5, mo.id, mo.orderNumber],
      ].sort(),
    );
  });
});
