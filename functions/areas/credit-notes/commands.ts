import { type Commands, UsageError } from '../../platform/back-office/command.js';
import { createCreditNoteCommand, parseCreditLines } from './steps/create.js';
import { approveCreditNoteCommand, voidCreditNoteCommand } from './steps/transitions.js';

/** The credit-notes area's back-office commands, merged into the admin CLI (infra/admin). */
export const CREDIT_NOTE_COMMANDS: Commands = {
  'credit-note create': {
    usage:
      'credit-note create --org <orgId> --customer <customerId> [--invoice <invoiceId>] [--sales-order <salesOrderId>] [--return-stock --warehouse <warehouseId>] --lines \'[{"productId":"..","quantity":1,"unitPrice":10,"taxRate":0.2}]\'',
    flags: ['org', 'customer', 'invoice', 'sales-order', 'return-stock', 'warehouse', 'lines'],
    switches: ['return-stock'],
    required: ['org', 'customer', 'lines'],
    run: (v) => {
      if (v['return-stock'] !== undefined && v.warehouse === undefined) {
        throw new UsageError('--return-stock needs --warehouse');
      }
      if (v['return-stock'] === undefined && v.warehouse !== undefined) {
        throw new UsageError('--warehouse is only taken with --return-stock');
      }
      return createCreditNoteCommand({
        orgId: v.org!,
        customerId: v.customer!,
        invoiceId: v.invoice,
        salesOrderId: v['sales-order'],
        returnStock: v['return-stock'] !== undefined,
        warehouseId: v.warehouse,
        lines: parseCreditLines(v.lines!),
      });
    },
  },
  'credit-note approve': {
    usage: 'credit-note approve --org <orgId> --id <creditNoteId>',
    flags: ['org', 'id'],
    required: ['org', 'id'],
    run: (v) => approveCreditNoteCommand({ orgId: v.org!, id: v.id! }),
  },
  'credit-note void': {
    usage: 'credit-note void --org <orgId> --id <creditNoteId> [--reason <text>]',
    flags: ['org', 'id', 'reason'],
    required: ['org', 'id'],
    run: (v) => voidCreditNoteCommand({ orgId: v.org!, id: v.id!, reason: v.reason }),
  },
};
