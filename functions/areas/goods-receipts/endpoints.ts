import { PURCHASE_ORDER_RESOURCE } from '../../../domain/purchase-orders/status.js';
import { declare, type Declared } from '../../platform/catalogue/endpoint.js';

/** Goods receipts (spec: Endpoints > Purchase orders), served by the purchasing Lambda. */
export const GOODS_RECEIPT_ENDPOINTS = [
  declare({
    operationId: 'receivePurchaseOrder',
    method: 'POST',
    path: '/purchase-orders/{id}/receipts',
    resources: { id: PURCHASE_ORDER_RESOURCE },
    summary:
      'Record a goods receipt: stock in (lots, serial numbers), weighted-average cost in the base currency, the order PARTIALLY_RECEIVED or RECEIVED',
    permission: 'purchasing.receive',
    body: 'GoodsReceiptCreate',
    response: 'GoodsReceipt',
    idempotent: true,
    errors: [409, 422],
  }),
] as const satisfies readonly Declared[];
