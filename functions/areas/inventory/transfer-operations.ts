/** The stock-transfer endpoints (design.md section 7): the document's create, list and read. */
import { invalidParameter, notFound } from '../../../domain/errors.js';
import { TRANSFER_RESOURCE } from '../../../domain/inventory/transfer.js';
import { looksLikeCuid } from '../../../domain/listing/list-filters.js';
import { paginate, pageOf } from '../../../domain/listing/pagination.js';
import type { OperationIdOf } from '../../platform/catalogue/endpoint.js';
import type { OperationOf } from '../../platform/http/types.js';
import { requestContext } from '../../platform/journal/write-context.js';
import type { INVENTORY_ENDPOINTS } from './endpoints.js';
import { createStockTransfer } from './steps/transfers.js';
import { getStockTransfer, listStockTransfers } from './store/stock-transfers.js';
import { stockTransferView } from './view.js';

type Op<Id extends OperationIdOf<typeof INVENTORY_ENDPOINTS>> = OperationOf<typeof INVENTORY_ENDPOINTS, Id>;

/** POST /stock-transfers: the step the back office's `stock transfer` runs, over the API. */
export const createStockTransferOp: Op<'createStockTransfer'> = async ({ auth, body, now, journal }) => ({
  status: 201,
  body: await createStockTransfer(
    {
      orgId: auth.orgId,
      fromWarehouseId: body.fromWarehouseId,
      toWarehouseId: body.toWarehouseId,
      notes: body.notes ?? null,
      lines: body.lines.map((l) => ({
        productId: l.productId,
        quantity: l.quantity,
        batchId: l.batchId ?? null,
        fromBinId: l.fromBinId ?? null,
        toBinId: l.toBinId ?? null,
      })),
    },
    requestContext({ now, journal }),
  ),
});

export const listStockTransfersOp: Op<'listStockTransfers'> = async ({ auth, query }) => {
  for (const name of ['productId', 'warehouseId'] as const) {
    const value = query[name];
    if (value !== undefined && !looksLikeCuid(value)) throw invalidParameter(name, 'must be a cuid');
  }
  const page = pageOf(query);
  const { items, total } = await listStockTransfers(
    auth.orgId,
    { productId: query.productId, warehouseId: query.warehouseId, from: query.dateFrom, to: query.dateTo },
    { offset: page.offset, limit: page.pageSize },
  );
  return { body: paginate(items.map(stockTransferView), total, page) };
};

export const getStockTransferOp: Op<'getStockTransfer'> = async ({ auth, params }) => {
  const transfer = await getStockTransfer(auth.orgId, params.id);
  if (!transfer) throw notFound(TRANSFER_RESOURCE);
  return { body: stockTransferView(transfer) };
};
