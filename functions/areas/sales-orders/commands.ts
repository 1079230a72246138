import { type Commands } from '../../platform/back-office/command.js';
import { packSalesOrder } from './steps/pack.js';
import { parsePickLines, pickSalesOrder } from './steps/pick.js';

/** The sales-orders area's back-office commands, merged into the admin CLI (infra/admin). */
export const SALES_ORDER_COMMANDS: Commands = {
  'sales-order pick': {
    usage:
      'sales-order pick --org <orgId> --id <salesOrderId> [--lines \'[{"soLineId":"..","quantity":1,"batchId":"..","serialNumbers":[".."]}]\']',
    flags: ['org', 'id', 'lines'],
    required: ['org', 'id'],
    run: (v) =>
      pickSalesOrder({
        orgId: v.org!,
        id: v.id!,
        lines: v.lines === undefined ? undefined : parsePickLines(v.lines),
      }),
  },
  'sales-order pack': {
    usage: 'sales-order pack --org <orgId> --id <salesOrderId>',
    flags: ['org', 'id'],
    required: ['org', 'id'],
    run: (v) => packSalesOrder({ orgId: v.org!, id: v.id! }),
  },
};
