/**
 * Every screen of the console, in one table: its path (wouter pattern, inside the URL's fragment), what
 * it shows, where it sits in the navigation, and the call it needs (a key that may not make it does not
 * see the screen in the navigation, and opening it says why). Adding a screen is adding a line here
 * (docs/console.md, "How to add a screen").
 */
import type { ComponentType } from 'react';
import type { Operation } from './session/can.js';
import { SalesOrderDetail } from './screens/sales-orders/SalesOrderDetail.js';
import { SalesOrderList } from './screens/sales-orders/SalesOrderList.js';
import { Today } from './screens/today/Today.js';
// o27: order to cash.
import { CreditNoteCreate } from './screens/credit-notes/CreditNoteCreate.js';
import { CreditNoteDetail } from './screens/credit-notes/CreditNoteDetail.js';
import { CreditNoteList } from './screens/credit-notes/CreditNoteList.js';
import { CustomerDetail } from './screens/customers/CustomerDetail.js';
import { CustomerList } from './screens/customers/CustomerList.js';
import { InvoiceDetail } from './screens/invoices/InvoiceDetail.js';
import { InvoiceList } from './screens/invoices/InvoiceList.js';
import { SalesOrderCreate } from './screens/sales-orders/SalesOrderCreate.js';
import { ShipmentDetail } from './screens/shipments/ShipmentDetail.js';
import { LotDetail } from './screens/lots/LotDetail.js';
import { LotList } from './screens/lots/LotList.js';
import { ApiKeys } from './screens/api-keys/ApiKeys.js';
import { WebhookDetail } from './screens/webhooks/WebhookDetail.js';
import { WebhookList } from './screens/webhooks/Webhooks.js';
import { WarehouseDetail, WarehouseList } from './screens/warehouses/Warehouses.js';
// s27: settings.
import { ThisKey } from './screens/api-keys/ThisKey.js';
import { AuditLog } from './screens/audit-log/AuditLog.js';
import { Organisation } from './screens/organisation/Organisation.js';
import { AgingReport } from './screens/reports/AgingReport.js';
import { StockMovementReport } from './screens/reports/StockMovementReport.js';
import { ValuationReport } from './screens/reports/ValuationReport.js';
import { PurchaseOrderCreate } from './screens/purchase-orders/PurchaseOrderCreate.js';
import { PurchaseOrderDetail } from './screens/purchase-orders/PurchaseOrderDetail.js';
import { PurchaseOrderList } from './screens/purchase-orders/PurchaseOrderList.js';
import { ProductDetail } from './screens/products/ProductDetail.js';
import { ProductList } from './screens/products/ProductList.js';
import { SupplierDetail } from './screens/suppliers/SupplierDetail.js';
import { SupplierList } from './screens/suppliers/SupplierList.js';
import { AdjustmentCreate } from './screens/stock-adjustments/AdjustmentCreate.js';
import { AdjustmentDetail } from './screens/stock-adjustments/AdjustmentDetail.js';
import { AdjustmentList } from './screens/stock-adjustments/AdjustmentList.js';
import { TransferCreate } from './screens/stock-transfers/TransferCreate.js';
import { TransferDetail } from './screens/stock-transfers/TransferDetail.js';
import { TransferList } from './screens/stock-transfers/TransferList.js';
// m27: production, serials, lot create.
import { ProductionOrderCreate } from './screens/production-orders/ProductionOrderCreate.js';
import { ProductionOrderDetail } from './screens/production-orders/ProductionOrderDetail.js';
import { ProductionOrderList } from './screens/production-orders/ProductionOrderList.js';
import { SerialDetail } from './screens/serial-numbers/SerialDetail.js';
import { SerialList } from './screens/serial-numbers/SerialList.js';
import { LotCreate } from './screens/lots/LotCreate.js';
// r27: customers, suppliers, products (create and edit).
import { CustomerCreate, CustomerEdit } from './screens/customers/CustomerForm.js';
import { ProductCreate, ProductEdit } from './screens/products/ProductForm.js';
import { SupplierCreate, SupplierEdit } from './screens/suppliers/SupplierForm.js';

/** The navigation's groups, in the order a day's work flows. */
export const SECTIONS = ['Sell', 'Buy', 'Stock', 'Make', 'Finance', 'Reports', 'Settings'] as const;
export type Section = (typeof SECTIONS)[number];

export interface Screen {
  /** A wouter pattern: `/sales-orders/:id`. */
  path: string;
  component: ComponentType;
  /** Shown in the navigation under `section` (detail screens have no entry). */
  nav?: { label: string; section?: Section };
  /** The call the screen cannot work without (its list or detail GET). */
  needs?: Operation;
}

export const SCREENS: readonly Screen[] = [
  { path: '/', component: Today, nav: { label: 'Today' } },
  {
    path: '/sales-orders',
    component: SalesOrderList,
    nav: { label: 'Sales orders', section: 'Sell' },
    needs: 'GET /sales-orders',
  },
  // o27 (before '/sales-orders/:id': the first match wins).
  { path: '/sales-orders/new', component: SalesOrderCreate, needs: 'POST /sales-orders' },
  { path: '/sales-orders/:id', component: SalesOrderDetail, needs: 'GET /sales-orders/{id}' },
  // o27: order to cash.
  {
    path: '/customers',
    component: CustomerList,
    nav: { label: 'Customers', section: 'Sell' },
    needs: 'GET /customers',
  },
  // r27 (before '/customers/:id').
  { path: '/customers/new', component: CustomerCreate, needs: 'POST /customers' },
  { path: '/customers/:id/edit', component: CustomerEdit, needs: 'PUT /customers/{id}' },
  { path: '/customers/:id', component: CustomerDetail, needs: 'GET /customers/{id}' },
  { path: '/shipments/:id', component: ShipmentDetail, needs: 'GET /shipments/{id}' },
  {
    path: '/invoices',
    component: InvoiceList,
    nav: { label: 'Invoices', section: 'Finance' },
    needs: 'GET /invoices',
  },
  { path: '/invoices/:id', component: InvoiceDetail, needs: 'GET /invoices/{id}' },
  {
    path: '/credit-notes',
    component: CreditNoteList,
    nav: { label: 'Credit notes', section: 'Finance' },
    needs: 'GET /credit-notes',
  },
  { path: '/credit-notes/new', component: CreditNoteCreate, needs: 'POST /credit-notes' },
  { path: '/credit-notes/:id', component: CreditNoteDetail, needs: 'GET /credit-notes/{id}' },
  // t27: traceability, making, reports, settings.
  { path: '/lots', component: LotList, nav: { label: 'Lots', section: 'Stock' }, needs: 'GET /batches' },
  // m27 (before '/lots/:id': the first match wins).
  { path: '/lots/new', component: LotCreate, needs: 'POST /batches' },
  { path: '/lots/:id', component: LotDetail, needs: 'GET /batches/{id}' },
  {
    path: '/reports/stock-movement',
    component: StockMovementReport,
    nav: { label: 'Stock movement', section: 'Reports' },
    needs: 'GET /reports/stock-movement',
  },
  {
    path: '/reports/receivable-aging',
    component: AgingReport,
    nav: { label: 'Receivable aging', section: 'Reports' },
    needs: 'GET /reports/receivable-aging',
  },
  {
    path: '/reports/valuation',
    component: ValuationReport,
    nav: { label: 'Stock valuation', section: 'Reports' },
    needs: 'GET /reports/valuation',
  },
  {
    path: '/settings/api-keys',
    component: ApiKeys,
    nav: { label: 'API keys', section: 'Settings' },
    needs: 'GET /api-keys',
  },
  {
    path: '/settings/webhooks',
    component: WebhookList,
    nav: { label: 'Webhooks', section: 'Settings' },
    needs: 'GET /webhooks',
  },
  { path: '/settings/webhooks/:id', component: WebhookDetail, needs: 'GET /webhooks/{id}' },
  {
    path: '/settings/warehouses',
    component: WarehouseList,
    nav: { label: 'Warehouses', section: 'Settings' },
    needs: 'GET /warehouses',
  },
  { path: '/settings/warehouses/:id', component: WarehouseDetail, needs: 'GET /warehouses/{id}' },
  // s27: settings.
  {
    path: '/settings/organisation',
    component: Organisation,
    nav: { label: 'Organisation', section: 'Settings' },
    needs: 'GET /organisation',
  },
  {
    path: '/settings/audit-log',
    component: AuditLog,
    nav: { label: 'Audit log', section: 'Settings' },
    needs: 'GET /audit-log',
  },
  {
    path: '/settings/this-key',
    component: ThisKey,
    nav: { label: 'This key', section: 'Settings' },
    needs: 'GET /api-keys/current',
  },
  // q27: procure to pay and stock.
  {
    path: '/purchase-orders',
    component: PurchaseOrderList,
    nav: { label: 'Purchase orders', section: 'Buy' },
    needs: 'GET /purchase-orders',
  },
  { path: '/purchase-orders/new', component: PurchaseOrderCreate, needs: 'POST /purchase-orders' },
  { path: '/purchase-orders/:id', component: PurchaseOrderDetail, needs: 'GET /purchase-orders/{id}' },
  {
    path: '/suppliers',
    component: SupplierList,
    nav: { label: 'Suppliers', section: 'Buy' },
    needs: 'GET /suppliers',
  },
  // r27 (before '/suppliers/:id').
  { path: '/suppliers/new', component: SupplierCreate, needs: 'POST /suppliers' },
  { path: '/suppliers/:id/edit', component: SupplierEdit, needs: 'PUT /suppliers/{id}' },
  { path: '/suppliers/:id', component: SupplierDetail, needs: 'GET /suppliers/{id}' },
  {
    path: '/products',
    component: ProductList,
    nav: { label: 'Products', section: 'Stock' },
    needs: 'GET /products',
  },
  // r27 (before '/products/:id').
  { path: '/products/new', component: ProductCreate, needs: 'POST /products' },
  { path: '/products/:id/edit', component: ProductEdit, needs: 'PUT /products/{id}' },
  { path: '/products/:id', component: ProductDetail, needs: 'GET /products/{id}' },
  {
    path: '/stock-adjustments',
    component: AdjustmentList,
    nav: { label: 'Stock adjustments', section: 'Stock' },
    needs: 'GET /stock-adjustments',
  },
  { path: '/stock-adjustments/new', component: AdjustmentCreate, needs: 'POST /stock-adjustments' },
  { path: '/stock-adjustments/:id', component: AdjustmentDetail, needs: 'GET /stock-adjustments/{id}' },
  {
    path: '/stock-transfers',
    component: TransferList,
    nav: { label: 'Stock transfers', section: 'Stock' },
    needs: 'GET /stock-transfers',
  },
  { path: '/stock-transfers/new', component: TransferCreate, needs: 'POST /stock-transfers' },
  { path: '/stock-transfers/:id', component: TransferDetail, needs: 'GET /stock-transfers/{id}' },
  // m27: production, serials, lot create.
  {
    path: '/production-orders',
    component: ProductionOrderList,
    nav: { label: 'Production orders', section: 'Make' },
    needs: 'GET /production-orders',
  },
  { path: '/production-orders/new', component: ProductionOrderCreate, needs: 'POST /production-orders' },
  {
    path: '/production-orders/:id',
    component: ProductionOrderDetail,
    needs: 'GET /production-orders/{id}',
  },
  {
    path: '/serial-numbers',
    component: SerialList,
    nav: { label: 'Serial numbers', section: 'Stock' },
    needs: 'GET /serial-numbers',
  },
  { path: '/serial-numbers/:id', component: SerialDetail, needs: 'GET /serial-numbers/{id}' },
];
