import { beforeAll, describe, expect, it } from 'vitest';
import { lotsStillOpen } from '../../functions/areas/goods-receipts/receipt-writes.js';
import { setBatchStatus } from '../../functions/areas/inventory/steps/batches.js';
import { batchKey } from '../../functions/areas/inventory/public.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { transact, WriteRace } from '../../functions/platform/dynamo/transact.js';
import { newTenant, type Tenant } from '../support/api.js';
import { approvedOrder, receive } from '../support/goods-receipts.js';
import { batchOf, onHand, product, warehouse } from '../support/inventory.js';

let t: Tenant;
let wh: Awaited<ReturnType<typeof warehouse>>;

beforeAll(async () => {
  t = await newTenant('Receipt lot condition org');
  wh = await warehouse(t);
});

const change = (productId: string, batchId: string) => ({
  productId,
  warehouseId: wh.id,
  binId: null,
  batchId,
  onHandDelta: 1,
  reservedDelta: 0,
});

describe('receipts into an existing lot: the lot is checked open in the receipt transaction', () => {
  it('the check passes for an open lot and fails (a race: decide again) once the lot is recalled', async () => {
    const p = await product(t, { isBatchTracked: true });
    const lot = await batchOf(t, p.id);
    const check = lotsStillOpen(t.orgId, [change(p.id, lot.id)], [], []);
    expect(check).toHaveLength(1);
    await expect(transact(check)).resolves.toBeUndefined();
    await setBatchStatus({ orgId: t.orgId, id: lot.id, action: 'recall' });
    await expect(transact(check)).rejects.toBeInstanceOf(WriteRace);
  });

  it('no check for lots the receipt creates or whose flip is already in the transaction', () => {
    const flip = {
      Update: { TableName: tableName(), Key: batchKey(t.orgId, 'lot1'), UpdateExpression: 'SET x = :x' },
    };
    expect(lotsStillOpen(t.orgId, [change('p', 'lot1')], [], [flip])).toEqual([]);
    expect(lotsStillOpen(t.orgId, [change('p', 'lot2')], [{ id: 'lot2' } as never], [])).toEqual([]);
  });

  it('a receipt naming a recalled lot is 422 and books nothing', async () => {
    const p = await product(t, { isBatchTracked: true });
    const lot = await batchOf(t, p.id);
    await setBatchStatus({ orgId: t.orgId, id: lot.id, action: 'recall' });
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 2, unitPrice: 1 }]);
    const res = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [{ poLineId: order.lines[0]!.id, productId: p.id, quantity: 2, batchId: lot.id }],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(
      `lines[0]: batch ${lot.batchNumber} is RECALLED and cannot receive stock`,
    );
    expect(await onHand(t, p.id)).toBe(0);
  });

  it('a quarantined lot takes no receipt either (422) until it is released; then the receipt books', async () => {
    const p = await product(t, { isBatchTracked: true });
    const lot = await batchOf(t, p.id);
    await setBatchStatus({ orgId: t.orgId, id: lot.id, action: 'quarantine' });
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 2, unitPrice: 1 }]);
    const body = {
      warehouseId: wh.id,
      lines: [{ poLineId: order.lines[0]!.id, productId: p.id, quantity: 2, batchNumber: lot.batchNumber }],
    };
    const refused = await receive(t, order.id, body);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(
      `lines[0]: batch ${lot.batchNumber} is QUARANTINED and cannot receive stock`,
    );
    expect(await onHand(t, p.id)).toBe(0);
    await setBatchStatus({ orgId: t.orgId, id: lot.id, action: 'release' });
    const booked = await receive(t, order.id, body);
    expect(booked.status).toBe(201);
    expect(await onHand(t, p.id)).toBe(2);
  });
});
