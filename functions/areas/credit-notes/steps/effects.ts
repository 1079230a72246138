/**
 * The writes of a credit note's approval (sign +1) or void (sign -1), beside the note's own put: the
 * linked invoice (credit applied or taken off, version-conditioned), the customer's outstandingBalance,
 * and for a restocking note the stock booked in or taken back out (planStockMovement: a void finding the
 * stock gone is its 422) with the ledger entry and stock.level_changed events.
 */
import type { CreditNote } from '../../../../domain/credit-notes/credit-note.js';
import { restockChanges } from '../../../../domain/credit-notes/credit-note.js';
import {
  creditInvoice,
  uncreditInvoice,
  type InvoiceCreditChange,
} from '../../../../domain/credit-notes/invoice-credit.js';
import { unprocessable } from '../../../../domain/errors.js';
import { planStockMovement, type StockChange } from '../../../../domain/inventory/movement.js';
import type { TransactItem, WriteItem } from '../../../platform/dynamo/transact.js';
import type { JournalEntry } from '../../../platform/journal/journal.js';
import { loadStockFacts } from '../../inventory/public.js';
import { stockMovementWrites } from '../../inventory/public.js';
import { getInvoice, invoiceReplaceItem, outstandingBalanceItem } from '../../invoices/public.js';

export const CREDIT_NOTE_SOURCE_TYPE = 'credit_note';

type Events = NonNullable<JournalEntry['events']>;

export interface CreditNoteEffects {
  items: (WriteItem | TransactItem)[];
  events: Events;
  invoice: InvoiceCreditChange | null;
}

export async function creditNoteEffects(
  orgId: string,
  note: CreditNote,
  sign: 1 | -1,
  at: string,
): Promise<CreditNoteEffects> {
  const items: (WriteItem | TransactItem)[] = [];
  const events: Events = [];
  let change: InvoiceCreditChange | null = null;
  if (note.invoice) {
    const invoice = await getInvoice(orgId, note.invoice.id);
    if (!invoice) throw unprocessable(`Invoice ${note.invoice.invoiceNumber} no longer exists`);
    change =
      sign === 1
        ? creditInvoice(invoice, note.totalAmount, at)
        : uncreditInvoice(invoice, note.totalAmount, at);
    if (change) {
      items.push(invoiceReplaceItem(orgId, change.invoice, invoice));
      if (change.balanceDelta !== 0) {
        items.push(outstandingBalanceItem(orgId, invoice.customerId, change.balanceDelta));
      }
    }
  }
  const changes: StockChange[] = restockChanges(note, sign).map((c) => ({
    ...c,
    binId: null,
    batchId: null,
    onHandDelta: c.quantity,
    reservedDelta: 0,
  }));
  if (changes.length > 0) {
    const loaded = await loadStockFacts(orgId, changes);
    if (!loaded.facts.warehouses.has(note.warehouseId!)) {
      throw unprocessable(`Warehouse ${note.warehouseId} no longer exists`);
    }
    for (const c of changes) {
      if (!loaded.facts.products.has(c.productId)) {
        throw unprocessable(`Product ${c.productId} no longer exists`);
      }
    }
    const plan = planStockMovement(changes, loaded.levels, loaded.facts, at);
    const writes = stockMovementWrites(
      orgId,
      plan,
      loaded,
      { type: CREDIT_NOTE_SOURCE_TYPE, id: note.id, number: note.creditNoteNumber },
      at,
    );
    items.push(...writes.items);
    events.push(...writes.events);
  }
  return { items, events, invoice: change };
}
