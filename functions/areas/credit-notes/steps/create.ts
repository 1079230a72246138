/**
 * `credit-note create` and `POST /credit-notes` (design.md sections 5 and 7): a DRAFT credit note for a customer, optionally linked to one
 * of its invoices and to one of its sales orders, optionally returning stock to a warehouse. Every
 * reference is checked here; nothing moves until approval.
 */
import { newId } from '../../../platform/ids.js';
import { createCreditNote, type CreditNoteLineInput } from '../../../../domain/credit-notes/credit-note.js';
import { invalidReference, unprocessable } from '../../../../domain/errors.js';
import { UsageError } from '../../../platform/back-office/command.js';
import { readBatch } from '../../../platform/dynamo/read-batch.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { readSequence, sequenceNext } from '../../../platform/dynamo/sequence.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { getCustomer } from '../../customers/public.js';
import { warehouseKey, warehouses } from '../../inventory/public.js';
import { getInvoice } from '../../invoices/public.js';
import { productKey, products as productEntities } from '../../products/public.js';
import { getSalesOrder } from '../../sales-orders/public.js';
import { CREDIT_NOTE_SEQUENCE, creditNoteCreateItem } from '../store/credit-notes.js';
import { creditNoteDetail } from '../view.js';

/** A restocking note's approval writes one stock item per product beside ~6 others in one transaction. */
export const MAX_RESTOCK_PRODUCTS = 90;
export interface CreditNoteCreateInput {
  orgId: string;
  customerId: string;
  invoiceId?: string;
  salesOrderId?: string;
  returnStock: boolean;
  warehouseId?: string;
  lines: CreditNoteLineInput[];
}

/** --lines: a JSON array of 1-100 { productId, quantity, unitPrice, taxRate? }. */
export function parseCreditLines(json: string): CreditNoteLineInput[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw new UsageError(`--lines is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > 100) {
    throw new UsageError(
      '--lines must be a JSON array of 1-100 { productId, quantity, unitPrice, taxRate? }',
    );
  }
  return parsed.map((raw: unknown, i) => {
    const at = `--lines[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw new UsageError(`${at} must be an object`);
    }
    const line = raw as Record<string, unknown>;
    if (typeof line.productId !== 'string' || line.productId.length === 0) {
      throw new UsageError(`${at}.productId must be a non-empty string`);
    }
    for (const field of ['quantity', 'unitPrice'] as const) {
      if (typeof line[field] !== 'number') throw new UsageError(`${at}.${field} must be a number`);
    }
    if (line.taxRate !== undefined && typeof line.taxRate !== 'number') {
      throw new UsageError(`${at}.taxRate must be a number`);
    }
    return {
      productId: line.productId,
      quantity: line.quantity as number,
      unitPrice: line.unitPrice as number,
      ...(line.taxRate === undefined ? {} : { taxRate: line.taxRate as number }),
    };
  });
}

async function references(input: CreditNoteCreateInput) {
  const { orgId } = input;
  if (input.returnStock && !input.warehouseId) {
    throw unprocessable('returnStock needs a warehouseId to book the stock into');
  }
  if (!input.returnStock && input.warehouseId) {
    throw unprocessable('A warehouseId is only taken with returnStock');
  }
  const productIds = [...new Set(input.lines.map((l) => l.productId))];
  const b = readBatch();
  const productReads = new Map(productIds.map((id) => [id, b.get(productEntities, productKey(orgId, id))]));
  const warehouseRead = input.warehouseId ? b.get(warehouses, warehouseKey(orgId, input.warehouseId)) : null;
  const [customer, invoice, order] = await Promise.all([
    getCustomer(orgId, input.customerId),
    input.invoiceId ? getInvoice(orgId, input.invoiceId) : null,
    input.salesOrderId ? getSalesOrder(orgId, input.salesOrderId) : null,
    b.run(),
  ]);
  if (!customer) throw invalidReference('customerId', 'Customer');
  if (input.invoiceId && (!invoice || invoice.customerId !== input.customerId)) {
    throw invalidReference('invoiceId', 'Invoice of this customer');
  }
  if (input.salesOrderId && (!order || order.customerId !== input.customerId)) {
    throw invalidReference('salesOrderId', 'Sales order of this customer');
  }
  if (input.warehouseId) {
    const warehouse = warehouseRead?.value;
    if (!warehouse) throw invalidReference('warehouseId', 'Warehouse');
    if (!warehouse.isActive) {
      throw unprocessable(`Warehouse ${input.warehouseId} is inactive`);
    }
  }
  const products = new Map<string, { sku: string; name: string }>();
  for (const id of productIds) {
    const product = productReads.get(id)!.value;
    if (!product) throw invalidReference('productId', 'Product');
    if (input.returnStock) {
      if (product.productType === 'NON_STOCKED') {
        throw unprocessable(`Product ${product.sku} is NON_STOCKED; it cannot be returned to stock`);
      }
      if (product.isBatchTracked || product.requiresSerialTracking) {
        throw unprocessable(
          `Product ${product.sku} is lot or serial tracked; a credit note cannot return it to stock`,
        );
      }
    }
    products.set(id, { sku: product.sku, name: product.name });
  }
  if (input.returnStock && productIds.length > MAX_RESTOCK_PRODUCTS) {
    throw unprocessable(`A credit note returning stock covers at most ${MAX_RESTOCK_PRODUCTS} products`);
  }
  return {
    customer: { id: customer.state.id, code: customer.state.code, name: customer.state.name },
    invoice: invoice ? { id: invoice.id, invoiceNumber: invoice.invoiceNumber } : null,
    salesOrder: order ? { id: order.id, orderNumber: order.orderNumber } : null,
    products,
  };
}

export async function createCreditNoteCommand(
  input: CreditNoteCreateInput,
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const { orgId } = input;
  const refs = await references(input);
  const id = newId();
  const lineIds = input.lines.map(() => newId());
  const at = context.now.toISOString();
  return writeOptimistically({
    run: async () => {
      const lastNumber = await readSequence(orgId, CREDIT_NOTE_SEQUENCE);
      const note = createCreditNote(
        {
          ...refs,
          returnStock: input.returnStock,
          warehouseId: input.warehouseId ?? null,
          lines: input.lines,
        },
        { id, sequence: lastNumber + 1, now: at, lineIds },
      );
      const detail = creditNoteDetail(note);
      await transact([
        creditNoteCreateItem(orgId, note),
        sequenceNext(orgId, CREDIT_NOTE_SEQUENCE, lastNumber),
        ...context.journal.items({
          response: { status: 201, body: detail },
          audit: [
            {
              resourceType: 'credit_note',
              resourceId: note.id,
              action: 'create',
              changedFields: ['status', 'lines'],
            },
          ],
        }),
      ]);
      return detail;
    },
    onExhausted: () => context.exhausted('Credit-note numbers kept changing'),
  });
}
