import { ErrorResponse, Id } from './common.js';
import { CREDIT_NOTE_SCHEMAS, CREDIT_NOTE_VALIDATED } from './credit-notes.js';
import { INVOICE_SCHEMAS, INVOICE_VALIDATED } from './invoices.js';
import { INVENTORY_SCHEMAS, INVENTORY_VALIDATED } from './inventory.js';
import { CUSTOMER_SCHEMAS, CUSTOMER_VALIDATED } from './customers.js';
import { PRICING_SCHEMAS, PRICING_VALIDATED } from './pricing.js';
import { PRODUCTION_ORDER_SCHEMAS, PRODUCTION_ORDER_VALIDATED } from './production-orders.js';
import { REPORT_SCHEMAS } from './reports.js';
import { PRODUCT_SCHEMAS, PRODUCT_VALIDATED } from './products.js';
import { PURCHASE_ORDER_SCHEMAS, PURCHASE_ORDER_VALIDATED } from './purchase-orders.js';
import { GOODS_RECEIPT_SCHEMAS, GOODS_RECEIPT_VALIDATED } from './goods-receipts.js';
import { SALES_ORDER_SCHEMAS, SALES_ORDER_VALIDATED } from './sales-orders.js';
import { SALES_REFERENCE_SCHEMAS, SALES_REFERENCE_VALIDATED } from './sales-reference.js';
import { SHIPMENT_SCHEMAS, SHIPMENT_VALIDATED } from './shipments.js';
import { SUPPLIER_SCHEMAS, SUPPLIER_VALIDATED } from './suppliers.js';
import { WEBHOOK_SCHEMAS, WEBHOOK_VALIDATED } from './webhooks.js';
import { TRACEABILITY_SCHEMAS } from './traceability.js';
import { EVENT_SCHEMAS } from './events.js';
import { META_SCHEMAS } from './meta.js';
import { STOCK_TRANSFER_SCHEMAS, STOCK_TRANSFER_VALIDATED } from './stock-transfers.js';
import { ORGANISATION_SCHEMAS, ORGANISATION_VALIDATED } from './organisations.js';
import { INVENTORY_WRITE_SCHEMAS, INVENTORY_WRITE_VALIDATED } from './inventory-writes.js';

/**
 * Every named schema, one registry per area. Request bodies among them are compiled to standalone ajv
 * validators at build time (scripts/generate-validators.ts); all of them are published in the OpenAPI
 * document.
 */
export const SCHEMAS = {
  ErrorResponse,
  Id,
  ...PRODUCT_SCHEMAS,
  ...INVENTORY_SCHEMAS,
  ...CUSTOMER_SCHEMAS,
  ...SALES_REFERENCE_SCHEMAS,
  ...SUPPLIER_SCHEMAS,
  ...PRICING_SCHEMAS,
  ...WEBHOOK_SCHEMAS,
  ...EVENT_SCHEMAS,
  ...SALES_ORDER_SCHEMAS,
  ...INVOICE_SCHEMAS,
  ...REPORT_SCHEMAS,
  ...CREDIT_NOTE_SCHEMAS,
  ...PURCHASE_ORDER_SCHEMAS,
  ...SHIPMENT_SCHEMAS,
  ...TRACEABILITY_SCHEMAS,
  ...PRODUCTION_ORDER_SCHEMAS,
  ...GOODS_RECEIPT_SCHEMAS,
  ...META_SCHEMAS,
  ...STOCK_TRANSFER_SCHEMAS,
  ...ORGANISATION_SCHEMAS,
  ...INVENTORY_WRITE_SCHEMAS,
} as const;

export type SchemaName = keyof typeof SCHEMAS;

/** Schemas validated at run time: request bodies, plus inputs of the back office. */
export const VALIDATED_SCHEMAS = [
  ...PRODUCT_VALIDATED,
  ...INVENTORY_VALIDATED,
  ...CUSTOMER_VALIDATED,
  ...SUPPLIER_VALIDATED,
  ...WEBHOOK_VALIDATED,
  ...SALES_ORDER_VALIDATED,
  ...INVOICE_VALIDATED,
  ...PURCHASE_ORDER_VALIDATED,
  ...SHIPMENT_VALIDATED,
  ...GOODS_RECEIPT_VALIDATED,
  ...STOCK_TRANSFER_VALIDATED,
  ...PRODUCTION_ORDER_VALIDATED,
  ...ORGANISATION_VALIDATED,
  ...INVENTORY_WRITE_VALIDATED,
  ...CREDIT_NOTE_VALIDATED,
  ...SALES_REFERENCE_VALIDATED,
  ...PRICING_VALIDATED,
] as const satisfies readonly SchemaName[];
export type ValidatedSchema = (typeof VALIDATED_SCHEMAS)[number];
