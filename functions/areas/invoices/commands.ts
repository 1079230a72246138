import { instantFlag, type Commands } from '../../platform/back-office/command.js';
import { reconcileCustomerAccounts } from './back-office/reconcile-accounts.js';
import { rollInvoicesOverdue } from './back-office/roll-overdue.js';
import { sendInvoice } from './steps/send.js';
import { voidInvoice } from './steps/void.js';

/** The invoices area's back-office commands, merged into the admin CLI (infra/admin). */
export const INVOICE_COMMANDS: Commands = {
  'invoice send': {
    usage: 'invoice send --org <orgId> --id <invoiceId>',
    flags: ['org', 'id'],
    required: ['org', 'id'],
    run: (v) => sendInvoice({ orgId: v.org!, id: v.id! }),
  },
  'invoice void': {
    usage: 'invoice void --org <orgId> --id <invoiceId>',
    flags: ['org', 'id'],
    required: ['org', 'id'],
    run: (v) => voidInvoice({ orgId: v.org!, id: v.id! }),
  },
  'invoice roll-overdue': {
    usage: 'invoice roll-overdue --org <orgId> [--as-of <ISO 8601 timestamp, not in the future>]',
    flags: ['org', 'as-of'],
    required: ['org'],
    run: (v) => rollInvoicesOverdue({ orgId: v.org!, asOf: instantFlag('as-of', v['as-of']) }),
  },
  'invoice reconcile-accounts': {
    usage: 'invoice reconcile-accounts [--org <orgId>]',
    flags: ['org'],
    required: [],
    run: (v) => reconcileCustomerAccounts({ orgId: v.org }),
  },
};
