import { type Commands } from '../../platform/back-office/command.js';
import { sendInvoice } from './back-office/send.js';

/** The invoices area's back-office commands, merged into the admin CLI (infra/admin). */
export const INVOICE_COMMANDS: Commands = {
  'invoice send': {
    usage: 'invoice send --org <orgId> --id <invoiceId>',
    flags: ['org', 'id'],
    required: ['org', 'id'],
    run: (v) => sendInvoice({ orgId: v.org!, id: v.id! }),
  },
};
