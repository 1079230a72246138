import { type Commands } from '../../platform/back-office/command.js';
import { completePurchaseOrder } from './steps/complete.js';

/** The purchase-orders area's back-office commands, merged into the admin CLI (infra/admin). */
export const PURCHASE_ORDER_COMMANDS: Commands = {
  'purchase-order complete': {
    usage: 'purchase-order complete --org <orgId> --id <purchaseOrderId>',
    flags: ['org', 'id'],
    required: ['org', 'id'],
    run: (v) => completePurchaseOrder({ orgId: v.org!, id: v.id! }),
  },
};
