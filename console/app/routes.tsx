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
  { path: '/sales-orders/:id', component: SalesOrderDetail, needs: 'GET /sales-orders/{id}' },
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
  { path: '/suppliers/:id', component: SupplierDetail, needs: 'GET /suppliers/{id}' },
  {
    path: '/products',
    component: ProductList,
    nav: { label: 'Products', section: 'Stock' },
    needs: 'GET /products',
  },
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
];
