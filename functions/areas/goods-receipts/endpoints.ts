import { PURCHASE_ORDER_RESOURCE } from '../../../domain/purchase-orders/status.js';
import { GOODS_RECEIPT_RESOURCE } from '../../../domain/goods-receipts/receipt.js';
import { declare, PAGE_PARAMS, type Declared } from '../../platform/catalogue/endpoint.js';

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
  declare({
    operationId: 'listGoodsReceipts',
    method: 'GET',
    path: '/goods-receipts',
    summary: 'List goods receipts, newest received first (lines with lots and serial counts)',
    permission: 'purchasing.view',
    response: 'GoodsReceiptList',
    beyondSpec: true,
    query: [
      ...PAGE_PARAMS,
      {
        name: 'purchaseOrderId',
        type: 'id',
        description:
          'Receipts of this purchase order, every one it has (an unknown or malformed id gives an empty page).',
      },
    ],
  }),
  declare({
    operationId: 'getGoodsReceipt',
    method: 'GET',
    path: '/goods-receipts/{id}',
    resources: { id: GOODS_RECEIPT_RESOURCE },
    summary:
      "Read a goods receipt: its lines with lots, expiry dates and serial numbers, and the order's summary",
    permission: 'purchasing.view',
    response: 'GoodsReceiptDetail',
    beyondSpec: true,
  }),
] as const satisfies readonly Declared[];
