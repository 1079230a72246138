import * as validators from '../generated/validators-purchasing.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { purchaseOrderOperations } from '../areas/purchase-orders/operations/index.js';

/** Lambda entry for procure-to-pay: purchase orders (goods receipts join them). */
export const handler = createGroupHandler('purchasing', { ...purchaseOrderOperations }, validators);
