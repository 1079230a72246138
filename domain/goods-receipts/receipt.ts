/**
 * A goods receipt against a purchase order (spec: Purchase order, receipt body and rules 1-5; design.md
 * section 5, "Receipts" and "Exchange rates"), decided from the order as read, the body, and the facts the
 * caller loaded: the stock it brings in (StockChanges costed in the base currency, for planStockMovement),
 * the lots and serial numbers it creates, the order's next received quantities and status, and the
 * over-receipt warnings. Ids, the receipt number and the instant are passed in.
 *
 * Error order: 400 for the body's shape (batchId with batchNumber, serialNumbers with
 * autoGenerateSerials, blank serials, fractional quantities of products counted in units); then the order
 * (422 naming its status), receivedAt (422), the warehouse (422
 * invalid_reference), the exchange rate (422); then each line in order: references (poLineId, productId,
 * binId, batchId: 422 invalid_reference), then rules (tracking flags, lots, serials: 422 unprocessable; a
 * lot another receipt is still creating: 409). The supplier's activity is checked by the receipt's write
 * (an inactive supplier is 422 there), so that a deactivation at any moment before it commits is seen.
 */
import { documentNumber } from '../document-number.js';
import {
  ApiError,
  conflict,
  invalidReference,
  unprocessable,
  validationError,
  type ErrorDetail,
} from '../errors.js';
import { newBatch, uniqueBatchNumber, type Batch, type BatchStatus } from '../inventory/batch.js';
import type { StockChange } from '../inventory/movement.js';
import { normaliseSerial, receivedSerial, type SerialNumber } from '../inventory/serial.js';
import { roundQuantity } from '../inventory/stock.js';
import { line4 } from '../money.js';
import type { ProductType } from '../products/product.js';
import type { PurchaseOrderStatus } from '../purchase-orders/purchase-order.js';
import { PURCHASE_ORDER_RESOURCE, PURCHASE_ORDER_TRANSITIONS } from '../purchase-orders/status.js';
import { assertCan } from '../workflow/transitions.js';

/** The resource a goods receipt's 404 names (GET /goods-receipts/{id}, beyond the spec). */
export const GOODS_RECEIPT_RESOURCE = 'Goods receipt';

export const MAX_RECEIPT_LINES = 100;
/** Spec limits: at most 1000 serial numbers per line. */
export const MAX_LINE_SERIALS = 1000;
/**
 * At most this many serial numbers per receipt, over all lines: the receipt's response (and the
 * idempotency record replaying it) must stay one DynamoDB item (docs/decisions.md, "Goods receipts").
 */
export const MAX_RECEIPT_SERIALS = 5000;
/** receivedAt may run ahead of the server clock by this much (clock skew), as a payment's paidAt. */
export const RECEIVED_AT_FUTURE_MS = 5 * 60_000;

export const GOODS_RECEIPT_PREFIX = 'GR';
export const formatReceiptReference = (sequence: number): string =>
  documentNumber(GOODS_RECEIPT_PREFIX, sequence);
/** Generated serials: the receipt's reference and a running number over its generated units. */
export const generatedSerial = (reference: string, n: number): string =>
  `${reference}-${String(n).padStart(4, '0')}`;

/**
 * Lots that cannot take stock: EXPIRED and RECALLED (spec rule 1) and QUARANTINED (issue 15: held lots are
 * neither allocated nor received into; release the lot first).
 */
export const CLOSED_BATCH_STATUSES: readonly BatchStatus[] = ['QUARANTINED', 'EXPIRED', 'RECALLED'];

export interface ReceiptLineInput {
  poLineId: string;
  productId: string;
  quantity: number;
  batchId?: string | null;
  binId?: string | null;
  batchNumber?: string | null;
  manufactureDate?: string | null;
  expiryDate?: string | null;
  isBatchTracked?: boolean;
  requiresSerialTracking?: boolean;
  serialNumbers?: string[];
  autoGenerateSerials?: boolean;
}

export interface ReceiptInput {
  warehouseId: string;
  receivedAt?: string | null;
  notes?: string | null;
  lines: ReceiptLineInput[];
}

/** The purchase order as a receipt reads and moves it (the purchase-orders domain's record satisfies it). */
export interface ReceivableOrder {
  id: string;
  orderNumber: string;
  status: PurchaseOrderStatus;
  orderDate: string;
  currency: string;
  receivedDate: string | null;
  receiptCount: number;
  supplierId: string;
  supplier: { id: string; code: string; name: string };
  lines: {
    id: string;
    productId: string;
    product: { sku: string; name: string };
    quantity: number;
    receivedQty: number;
    unitPrice: number;
  }[];
  updatedAt: string;
  version: number;
}

export interface ReceiptBatchFact {
  id: string;
  batchNumber: string;
  productId: string;
  status: BatchStatus;
}

/** What the body references, as read from the organisation (absent: not in the organisation). */
export interface ReceiptFacts {
  baseCurrency: string;
  /** Base-currency units per one unit of the order's currency; null when the organisation has none. */
  exchangeRate: number | null;
  warehouse: { isActive: boolean } | null;
  bins: Map<string, { warehouseId: string }>;
  products: Map<
    string,
    {
      sku: string;
      productType: ProductType;
      isBatchTracked: boolean;
      requiresSerialTracking: boolean;
      uomType: string | null;
      /** A new lot of the product must carry an expiry date (given, or derived from the shelf life). */
      expiryRequired: boolean;
      shelfLifeDays: number | null;
    }
  >;
  /** Lots named by batchId. */
  batchesById: Map<string, ReceiptBatchFact>;
  /** Lots named by batchNumber, keyed by uniqueBatchNumber; `pending` while another receipt creates it. */
  batchesByNumber: Map<string, ReceiptBatchFact & { pending: boolean }>;
}

export interface ReceiptContext {
  receiptId: string;
  /** The receipt's number in the organisation's GOODS_RECEIPT sequence. */
  sequence: number;
  now: string;
  /** Ids for the lots and serial numbers the receipt creates. */
  newId: () => string;
}

export interface GoodsReceiptLine {
  poLineId: string;
  productId: string;
  quantity: number;
  batchId: string | null;
  batchNumber: string | null;
  binId: string | null;
  serialNumbers: string[];
  /** Cost of one unit in the organisation's base currency: the order line's unitPrice x exchangeRate, 4 dp. */
  unitCost: number;
}

export interface GoodsReceipt {
  id: string;
  reference: string;
  purchaseOrderId: string;
  receivedAt: string;
  warehouseId: string;
  notes: string | null;
  /** The order's currency and the rate used to cost the stock (1 for the base currency). */
  currency: string;
  exchangeRate: number;
  lines: GoodsReceiptLine[];
  createdAt: string;
}

export interface ReceiptDecision<O extends ReceivableOrder> {
  receipt: GoodsReceipt;
  /** The order after the receipt: received quantities, status, receivedDate, receiptCount, version. */
  order: O;
  /** On hand up at each line's location, costed for the weighted average. */
  changes: StockChange[];
  /** Lots the receipt creates (numbers not yet in the organisation). */
  batches: Batch[];
  serials: SerialNumber[];
  /** OVER_RECEIPT audit warnings (rule 3: allowed, recorded). */
  warnings: string[];
}

/** Decides a receipt; throws the ApiError the caller answers with. */
export function decideReceipt<O extends ReceivableOrder>(
  order: O,
  input: ReceiptInput,
  facts: ReceiptFacts,
  context: ReceiptContext,
): ReceiptDecision<O> {
  checkShape(input, facts);
  assertCan(PURCHASE_ORDER_TRANSITIONS, PURCHASE_ORDER_RESOURCE, order.status, 'receive');
  const receivedAt = checkReceivedAt(input.receivedAt ?? null, order, context.now);
  if (!facts.warehouse?.isActive) throw invalidReference('warehouseId', 'active warehouse');
  const exchangeRate = rateOf(order, facts);
  const reference = formatReceiptReference(context.sequence);
  const orderLines = new Map(order.lines.map((l) => [l.id, l]));
  const lots = new LotResolver(facts, context);
  const serials = new SerialCollector(order, context, receivedAt, reference);
  const lines: GoodsReceiptLine[] = [];
  const changes: StockChange[] = [];
  input.lines.forEach((line, i) => {
    const at = `lines[${i}]`;
    const orderLine = orderLines.get(line.poLineId);
    if (!orderLine) throw invalidReference(`${at}.poLineId`, `line of purchase order ${order.orderNumber}`);
    if (line.productId !== orderLine.productId) {
      throw new ApiError(
        'invalid_reference',
        `${at}.productId does not match the product of purchase-order line ${line.poLineId} (${orderLine.product.sku})`,
      );
    }
    const product = facts.products.get(line.productId);
    if (!product) throw invalidReference(`${at}.productId`, 'product');
    const binId = line.binId ?? null;
    if (binId !== null && facts.bins.get(binId)?.warehouseId !== input.warehouseId) {
      throw new ApiError(
        'invalid_reference',
        `${at}.binId does not reference a bin of warehouse ${input.warehouseId}`,
      );
    }
    checkFlags(line, product, at);
    const unitCost = line4(orderLine.unitPrice * exchangeRate);
    const lot = lots.resolve(line, product, unitCost, at);
    const serialNumbers = serials.collect(
      line,
      product,
      orderLine,
      { warehouseId: input.warehouseId, batchId: lot?.id ?? null, binId },
      at,
    );
    lines.push({
      poLineId: line.poLineId,
      productId: line.productId,
      quantity: line.quantity,
      batchId: lot?.id ?? null,
      batchNumber: lot?.batchNumber ?? null,
      binId,
      serialNumbers,
      unitCost,
    });
    // A service (NON_STOCKED) product is received on the order but holds no stock.
    if (product.productType !== 'NON_STOCKED') {
      changes.push({
        productId: line.productId,
        warehouseId: input.warehouseId,
        binId,
        batchId: lot?.id ?? null,
        onHandDelta: line.quantity,
        reservedDelta: 0,
        unitCost,
      });
    }
  });
  serials.checkTotal();
  const { next, warnings } = nextOrder(order, lines, receivedAt, context.now);
  return {
    receipt: {
      id: context.receiptId,
      reference,
      purchaseOrderId: order.id,
      receivedAt,
      warehouseId: input.warehouseId,
      notes: input.notes ?? null,
      currency: order.currency,
      exchangeRate,
      lines,
      createdAt: context.now,
    },
    order: next,
    changes,
    batches: lots.created(),
    serials: serials.records,
    warnings,
  };
}

/** The body's own contradictions and the quantity rule of products counted in units: 400, all at once. */
function checkShape(input: ReceiptInput, facts: ReceiptFacts): void {
  const details: ErrorDetail[] = [];
  input.lines.forEach((line, i) => {
    const at = `lines[${i}]`;
    const batchNumber = line.batchNumber?.trim() ?? '';
    if ((line.batchId ?? null) !== null && batchNumber !== '') {
      details.push({
        path: `${at}.batchNumber`,
        message: 'must not be sent with batchId (name the lot one way)',
      });
    }
    if (line.batchNumber !== undefined && line.batchNumber !== null && batchNumber === '') {
      details.push({ path: `${at}.batchNumber`, message: 'must not be blank' });
    }
    if (line.autoGenerateSerials === true && (line.serialNumbers?.length ?? 0) > 0) {
      details.push({
        path: `${at}.serialNumbers`,
        message: 'must not be sent with autoGenerateSerials true',
      });
    }
    (line.serialNumbers ?? []).forEach((serial, j) => {
      if (serial.trim() === '')
        details.push({ path: `${at}.serialNumbers[${j}]`, message: 'must not be blank' });
    });
    const product = facts.products.get(line.productId);
    if (product?.uomType === 'UNIT' && !Number.isInteger(line.quantity)) {
      details.push({
        path: `${at}.quantity`,
        message: 'must be a whole number for a product measured in units',
      });
    }
  });
  if (details.length > 0) throw validationError(details);
}

function checkReceivedAt(raw: string | null, order: ReceivableOrder, now: string): string {
  if (raw === null) return now;
  const at = Date.parse(raw);
  if (Number.isNaN(at)) throw unprocessable(`receivedAt (${raw}) is not a date-time`);
  const receivedAt = new Date(at).toISOString();
  if (at < Date.parse(order.orderDate)) {
    throw unprocessable(`receivedAt (${receivedAt}) is before the order date (${order.orderDate})`);
  }
  if (at > Date.parse(now) + RECEIVED_AT_FUTURE_MS) {
    throw unprocessable(`receivedAt (${receivedAt}) is more than 5 minutes in the future`);
  }
  return receivedAt;
}

/** Rule 4: an order in a foreign currency is costed at the organisation's rate, which must exist. */
function rateOf(order: ReceivableOrder, facts: ReceiptFacts): number {
  if (order.currency === facts.baseCurrency) return 1;
  if (facts.exchangeRate === null) {
    throw unprocessable(
      `No exchange rate from ${order.currency} to the base currency ${facts.baseCurrency}; the stock of purchase order ${order.orderNumber} cannot be costed`,
    );
  }
  return facts.exchangeRate;
}

/** The product's tracking flags decide; a line may not claim tracking the product does not have. */
function checkFlags(
  line: ReceiptLineInput,
  product: { sku: string; isBatchTracked: boolean; requiresSerialTracking: boolean },
  at: string,
) {
  if (line.isBatchTracked === true && !product.isBatchTracked) {
    throw unprocessable(`${at}.isBatchTracked is true but product ${product.sku} is not batch-tracked`);
  }
  if (line.requiresSerialTracking === true && !product.requiresSerialTracking) {
    throw unprocessable(
      `${at}.requiresSerialTracking is true but product ${product.sku} is not serial-tracked`,
    );
  }
}

/**
 * Rule 1: a batch-tracked line names its lot by batchNumber (reused when the organisation has it, else
 * created with the line's dates) or by batchId. Lines sharing a new number share the one lot created.
 */
class LotResolver {
  private readonly creating = new Map<string, Batch>();

  constructor(
    private readonly facts: ReceiptFacts,
    private readonly context: ReceiptContext,
  ) {}

  resolve(
    line: ReceiptLineInput,
    product: { sku: string; isBatchTracked: boolean; expiryRequired: boolean; shelfLifeDays: number | null },
    unitCost: number,
    at: string,
  ): { id: string; batchNumber: string } | null {
    const batchId = line.batchId ?? null;
    const batchNumber = line.batchNumber?.trim() || null;
    if (!product.isBatchTracked) {
      if (batchId !== null || batchNumber !== null) {
        throw unprocessable(`${at} names a lot but product ${product.sku} is not batch-tracked`);
      }
      return null;
    }
    if (batchId !== null) {
      const batch = this.facts.batchesById.get(batchId);
      if (!batch) throw invalidReference(`${at}.batchId`, 'batch');
      if (batch.productId !== line.productId) {
        throw new ApiError('invalid_reference', `${at}.batchId references a batch of another product`);
      }
      checkOpen(batch, at);
      return batch;
    }
    if (batchNumber === null) {
      throw unprocessable(`${at}.batchNumber is required: product ${product.sku} is batch-tracked`);
    }
    checkDates(line, at);
    const key = uniqueBatchNumber(batchNumber);
    const existing = this.facts.batchesByNumber.get(key);
    if (existing?.pending) {
      throw conflict(
        `Batch ${existing.batchNumber} is being created by another goods receipt; retry shortly`,
      );
    }
    if (existing) {
      if (existing.productId !== line.productId) {
        throw unprocessable(`${at}.batchNumber ${batchNumber} is a lot of another product`);
      }
      checkOpen(existing, at);
      return existing;
    }
    const created = this.creating.get(key);
    if (created) {
      if (created.productId !== line.productId) {
        throw unprocessable(`${at}.batchNumber ${batchNumber} names a lot of another line's product`);
      }
      return created;
    }
    const manufactureDate = utcDate(line.manufactureDate);
    const batch = newBatch(
      {
        batchNumber,
        productId: line.productId,
        manufactureDate,
        expiryDate: newLotExpiry(utcDate(line.expiryDate), manufactureDate, product, at),
        unitCost,
      },
      { id: this.context.newId(), now: this.context.now },
    );
    this.creating.set(key, batch);
    return batch;
  }

  created(): Batch[] {
    return [...this.creating.values()];
  }
}

function checkOpen(batch: ReceiptBatchFact, at: string): void {
  if (CLOSED_BATCH_STATUSES.includes(batch.status)) {
    throw unprocessable(`${at}: batch ${batch.batchNumber} is ${batch.status} and cannot receive stock`);
  }
}

/** Lots carry dates (good through the expiry date): a receipt's date-time is its UTC date. */
const utcDate = (value: string | null | undefined): string | null =>
  value ? new Date(Date.parse(value)).toISOString().slice(0, 10) : null;

/**
 * The expiry date of a lot the receipt creates. A product with expiryRequired gets the line's expiryDate,
 * else manufactureDate + shelfLifeDays when both are known, else 422 naming the line (docs/decisions.md,
 * issue 25 item 12). Other products keep whatever the line gives (null without one).
 */
export function newLotExpiry(
  expiryDate: string | null,
  manufactureDate: string | null,
  product: { sku: string; expiryRequired: boolean; shelfLifeDays: number | null },
  at: string,
): string | null {
  if (expiryDate !== null || !product.expiryRequired) return expiryDate;
  if (manufactureDate !== null && product.shelfLifeDays !== null) {
    return new Date(Date.parse(`${manufactureDate}T00:00:00.000Z`) + product.shelfLifeDays * DAY_MS)
      .toISOString()
      .slice(0, 10);
  }
  throw unprocessable(
    `${at}.expiryDate is required: product ${product.sku} requires an expiry date on a new lot (send expiryDate, or manufactureDate when the product has shelfLifeDays)`,
  );
}

const DAY_MS = 86_400_000;

function checkDates(line: ReceiptLineInput, at: string): void {
  const made = line.manufactureDate ? Date.parse(line.manufactureDate) : null;
  const expires = line.expiryDate ? Date.parse(line.expiryDate) : null;
  if (made !== null && expires !== null && expires < made) {
    throw unprocessable(
      `${at}.expiryDate (${line.expiryDate}) is before its manufactureDate (${line.manufactureDate})`,
    );
  }
}

/**
 * Rule 2: a serial-tracked line receives a whole number of units, each with a serial number (given, or
 * generated with autoGenerateSerials), unique per product within the body; they become AVAILABLE
 * records linked to the order line.
 */
class SerialCollector {
  readonly records: SerialNumber[] = [];
  private readonly seen = new Set<string>();
  private generated = 0;

  constructor(
    private readonly order: ReceivableOrder,
    private readonly context: ReceiptContext,
    private readonly receivedAt: string,
    private readonly reference: string,
  ) {}

  collect(
    line: ReceiptLineInput,
    product: { sku: string; requiresSerialTracking: boolean },
    orderLine: { id: string },
    placement: { warehouseId: string; batchId: string | null; binId: string | null },
    at: string,
  ): string[] {
    const given = line.serialNumbers ?? [];
    if (!product.requiresSerialTracking) {
      if (given.length > 0 || line.autoGenerateSerials === true) {
        throw unprocessable(`${at} carries serial numbers but product ${product.sku} is not serial-tracked`);
      }
      return [];
    }
    if (!Number.isInteger(line.quantity)) {
      throw unprocessable(
        `${at}.quantity (${line.quantity}) must be a whole number: product ${product.sku} is serial-tracked`,
      );
    }
    if (line.quantity > MAX_LINE_SERIALS) {
      throw unprocessable(
        `${at}.quantity (${line.quantity}) is above ${MAX_LINE_SERIALS}, the most serial numbers one line can receive`,
      );
    }
    let serials: string[];
    if (line.autoGenerateSerials === true) {
      serials = Array.from({ length: line.quantity }, () =>
        generatedSerial(this.reference, ++this.generated),
      );
    } else {
      if (given.length !== line.quantity) {
        throw unprocessable(
          `${at}.serialNumbers has ${given.length} serial numbers; product ${product.sku} is serial-tracked, so it needs one per unit (${line.quantity})`,
        );
      }
      serials = given.map((s) => s.trim());
    }
    for (const serialNumber of serials) {
      const key = `${line.productId}\u0001${normaliseSerial(serialNumber)}`;
      if (this.seen.has(key)) {
        throw unprocessable(
          `${at}: serial number ${serialNumber} of product ${product.sku} appears more than once in the receipt`,
        );
      }
      this.seen.add(key);
      this.records.push(
        receivedSerial(
          {
            serialNumber,
            productId: line.productId,
            ...placement,
            purchaseOrderId: this.order.id,
            poLineId: orderLine.id,
            receiptId: this.context.receiptId,
            receivedAt: this.receivedAt,
          },
          { id: this.context.newId(), now: this.context.now },
        ),
      );
    }
    return serials;
  }

  checkTotal(): void {
    if (this.records.length > MAX_RECEIPT_SERIALS) {
      throw unprocessable(
        `The receipt carries ${this.records.length} serial numbers; at most ${MAX_RECEIPT_SERIALS} fit in one receipt, split it`,
      );
    }
  }
}

/**
 * The order after the receipt: each line's receivedQty raised; RECEIVED (receivedDate stamped with
 * receivedAt) once every line has its ordered quantity, else PARTIALLY_RECEIVED. A line taken above its
 * ordered quantity is allowed and warned about (OVER_RECEIPT).
 */
function nextOrder<O extends ReceivableOrder>(
  order: O,
  lines: GoodsReceiptLine[],
  receivedAt: string,
  now: string,
): { next: O; warnings: string[] } {
  const received = new Map<string, number>();
  for (const line of lines)
    received.set(line.poLineId, roundQuantity((received.get(line.poLineId) ?? 0) + line.quantity));
  const warnings: string[] = [];
  const nextLines = order.lines.map((line) => {
    const more = received.get(line.id);
    if (more === undefined) return line;
    const receivedQty = roundQuantity(line.receivedQty + more);
    if (receivedQty > line.quantity) {
      warnings.push(
        `OVER_RECEIPT: line ${line.id} (${line.product.sku}) ordered ${line.quantity}, received ${receivedQty}`,
      );
    }
    return { ...line, receivedQty };
  });
  const complete = nextLines.every((l) => l.receivedQty >= l.quantity);
  return {
    next: {
      ...order,
      lines: nextLines,
      status: complete ? 'RECEIVED' : 'PARTIALLY_RECEIVED',
      receivedDate: complete ? receivedAt : order.receivedDate,
      receiptCount: order.receiptCount + 1,
      updatedAt: now,
      version: order.version + 1,
    },
    warnings,
  };
}
