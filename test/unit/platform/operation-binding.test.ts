import { describe, expectTypeOf, it } from 'vitest';
import type { OperationIdOf } from '../../../functions/platform/catalogue/endpoint.js';
import type { Operation, OperationsOf } from '../../../functions/platform/http/types.js';
import type { INVENTORY_ENDPOINTS } from '../../../functions/areas/inventory/endpoints.js';

// These checks run in `tsc --noEmit`: a @ts-expect-error that stops failing breaks the typecheck.
const op: Operation = async () => ({ body: null });

describe('the catalogue -> operation binding', () => {
  it('derives the literal operationIds of an area', () => {
    expectTypeOf<OperationIdOf<typeof INVENTORY_ENDPOINTS>>().toEqualTypeOf<
      | 'listWarehouses'
      | 'createWarehouse'
      | 'getWarehouse'
      | 'updateWarehouse'
      | 'addWarehouseZone'
      | 'addWarehouseBin'
      | 'listStockOnHand'
      | 'listStockAdjustments'
      | 'getStockAdjustment'
      | 'createStockAdjustment'
      | 'completeStockAdjustment'
      | 'voidStockAdjustment'
      | 'listStockTransfers'
      | 'getStockTransfer'
      | 'createStockTransfer'
      | 'listBatches'
      | 'getBatch'
      | 'createBatch'
      | 'quarantineBatch'
      | 'releaseBatch'
      | 'recallBatch'
      | 'expireBatch'
      | 'listSerialNumbers'
      | 'getSerialNumber'
      | 'setSerialNumberStatus'
    >();
  });

  it('rejects a missing, a misspelled and an extra operation at compile time', () => {
    const complete = {
      listWarehouses: op,
      createWarehouse: op,
      getWarehouse: op,
      updateWarehouse: op,
      addWarehouseZone: op,
      addWarehouseBin: op,
      listStockOnHand: op,
      listStockAdjustments: op,
      getStockAdjustment: op,
      createStockAdjustment: op,
      completeStockAdjustment: op,
      voidStockAdjustment: op,
      listStockTransfers: op,
      getStockTransfer: op,
      createStockTransfer: op,
      listBatches: op,
      getBatch: op,
      createBatch: op,
      quarantineBatch: op,
      releaseBatch: op,
      recallBatch: op,
      expireBatch: op,
      listSerialNumbers: op,
      getSerialNumber: op,
      setSerialNumberStatus: op,
    };
    const { getStockAdjustment: _dropped, ...missing } = complete;
    // @ts-expect-error getStockAdjustment is declared but has no operation
    const incomplete: OperationsOf<typeof INVENTORY_ENDPOINTS> = missing;
    const misspelled: OperationsOf<typeof INVENTORY_ENDPOINTS> = {
      ...missing,
      // @ts-expect-error no endpoint declares getStockAdjustmnt
      getStockAdjustmnt: op,
    };
    const extra: OperationsOf<typeof INVENTORY_ENDPOINTS> = {
      ...complete,
      // @ts-expect-error no endpoint declares deleteStockAdjustment
      deleteStockAdjustment: op,
    };
    expectTypeOf(incomplete).not.toBeAny();
    expectTypeOf(misspelled).not.toBeAny();
    expectTypeOf(extra).not.toBeAny();
  });
});
