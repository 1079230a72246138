import { CURRENCIES } from '../domain/currency.js';
import { AGING_BUCKETS } from '../domain/invoices/aging.js';
import { arrayOf, nullable, num, requiredObject, str, timestamp } from './common.js';

const agingRowFields = {
  invoiceId: str,
  invoiceNumber: str,
  customer: {
    type: 'object',
    required: ['id', 'code', 'name'],
    properties: { id: str, code: str, name: str },
  },
  currency: { enum: CURRENCIES },
  invoiceDate: timestamp,
  dueDate: timestamp,
  totalAmount: num,
  balanceDue: num,
  daysPastDue: { type: 'integer', minimum: 0 },
  bucket: { enum: AGING_BUCKETS },
} as const;

const totalFields = Object.fromEntries([...AGING_BUCKETS, 'total'].map((b) => [b, num]));

export const ReceivableAging = {
  $id: 'ReceivableAging',
  type: 'object',
  required: ['asOf', 'invoices', 'totals', 'truncated'],
  properties: {
    asOf: timestamp,
    invoices: arrayOf(agingRowFields),
    totals: requiredObject(totalFields),
    // More than 1000 outstanding invoices: the first 1000 read (OVERDUE, then PARTIALLY_PAID, then SENT).
    truncated: { type: 'boolean' },
  },
} as const;

const quantity = num;
const date = { type: 'string', format: 'date' } as const;

const product = requiredObject({ id: str, sku: str, name: str });
const category = nullable(requiredObject({ id: str, name: str }));
const warehouse = requiredObject({ id: str, code: str });
// A bin's code is null only if the bin item is gone (bins are never deleted today).
const bin = nullable(requiredObject({ id: str, code: nullable(str) }));

export const StockMovementReport = {
  $id: 'StockMovementReport',
  ...requiredObject({
    dateFrom: timestamp,
    dateTo: timestamp,
    movements: arrayOf({
      date: timestamp,
      product,
      warehouse,
      bin,
      batch: nullable(requiredObject({ id: str, batchNumber: nullable(str) })),
      // Signed, in base units: positive into the location, negative out of it.
      quantityChange: quantity,
      direction: { enum: ['IN', 'OUT'] },
      // stock_adjustment, sales_order, credit_note, and each later stock-moving document's own type.
      sourceType: str,
      sourceId: str,
      sourceNumber: nullable(str),
    }),
    // More than 1000 movements in the window: the newest 1000.
    truncated: { type: 'boolean' },
  }),
} as const;

export const StockAtDateReport = {
  $id: 'StockAtDateReport',
  ...requiredObject({
    asAtDate: timestamp,
    rows: arrayOf({
      product,
      category,
      warehouse,
      quantityOnHand: quantity,
      quantityReserved: { const: 0 },
      quantityAvailable: quantity,
    }),
  }),
} as const;

export const ValuationReport = {
  $id: 'ValuationReport',
  ...requiredObject({
    asOf: timestamp,
    items: arrayOf({
      product,
      category,
      costingMethod: { enum: ['FIFO', 'AVERAGE'] },
      quantityOnHand: quantity,
      unitCost: num,
      value: num,
      lots: nullable(
        arrayOf({
          batchId: str,
          batchNumber: nullable(str),
          quantityOnHand: quantity,
          unitCost: num,
          costSource: { enum: ['LOT', 'PRODUCT'] },
          value: num,
        }),
      ),
    }),
    totalValue: num,
  }),
} as const;

export const ExpiryReport = {
  $id: 'ExpiryReport',
  ...requiredObject({
    today: date,
    expiringFrom: date,
    expiringTo: date,
    batches: arrayOf({
      batchId: str,
      batchNumber: str,
      product,
      status: { const: 'ACTIVE' },
      expiryDate: str,
      // Negative once expired.
      daysUntilExpiry: { type: 'integer' },
      quantityOnHand: quantity,
      locations: arrayOf({ warehouse, bin, quantityOnHand: quantity }),
    }),
  }),
} as const;

export const LowStockReport = {
  $id: 'LowStockReport',
  ...requiredObject({
    asOf: timestamp,
    products: arrayOf({
      product,
      category,
      // The warehouse filter when given (availability in that warehouse), else null (all warehouses).
      warehouse: nullable(warehouse),
      quantityOnHand: quantity,
      quantityReserved: quantity,
      quantityAvailable: quantity,
      minStockLevel: num,
      maxStockLevel: nullable(num),
      shortfall: num,
      suggestedReorderQty: num,
      costPrice: num,
      estimatedCost: num,
    }),
    totalEstimatedCost: num,
  }),
} as const;

export const REPORT_SCHEMAS = {
  ReceivableAging,
  StockMovementReport,
  StockAtDateReport,
  ValuationReport,
  ExpiryReport,
  LowStockReport,
} as const;
