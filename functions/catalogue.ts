/**
 * The endpoint catalogue: every endpoint declared once (in functions/areas/<area>/endpoints.ts). The in-Lambda
 * dispatch, the CDK routes, the local server, the OpenAPI document, the auth checks and the auth-matrix
 * tests all derive from this list. It holds data only (no handler code), so the CDK app can import it
 * without pulling in the runtime. Like functions/lambdas.ts it composes the areas, so it sits above them:
 * the platform receives the endpoints it serves from the entries instead of importing this list. The API
 * entries but meta's place only their own areas' declarations (groupEndpoints), so a bundle does not load
 * every area's; test/unit/platform/group-endpoints.test.ts holds each entry's list equal to endpointsOf.
 */
import { AREAS, type Area, type Group } from './lambdas.js';
import { routeKey, type Declared, type Endpoint } from './platform/catalogue/endpoint.js';
import { placed } from './platform/catalogue/group-endpoints.js';
import { INVENTORY_ENDPOINTS } from './areas/inventory/endpoints.js';
import { CUSTOMER_ENDPOINTS } from './areas/customers/endpoints.js';
import { META_ENDPOINTS } from './areas/meta/endpoints.js';
import { PRICING_ENDPOINTS } from './areas/pricing/endpoints.js';
import { PRODUCT_ENDPOINTS } from './areas/products/endpoints.js';
import { SUPPLIER_ENDPOINTS } from './areas/suppliers/endpoints.js';
import { SALES_ORDER_ENDPOINTS } from './areas/sales-orders/endpoints.js';
import { INVOICE_ENDPOINTS } from './areas/invoices/endpoints.js';
import { REPORT_ENDPOINTS } from './areas/reports/endpoints.js';
import { CREDIT_NOTE_ENDPOINTS } from './areas/credit-notes/endpoints.js';
import { SHIPMENT_ENDPOINTS } from './areas/shipments/endpoints.js';
import { PRODUCTION_ORDER_ENDPOINTS } from './areas/production-orders/endpoints.js';
import { WEBHOOK_ENDPOINTS } from './areas/webhooks/endpoints.js';
import { PURCHASE_ORDER_ENDPOINTS } from './areas/purchase-orders/endpoints.js';
import { GOODS_RECEIPT_ENDPOINTS } from './areas/goods-receipts/endpoints.js';
import { ORGANISATION_ENDPOINTS } from './areas/organisations/endpoints.js';

const DECLARED: Record<Area, readonly Declared[]> = {
  meta: META_ENDPOINTS,
  products: PRODUCT_ENDPOINTS,
  inventory: INVENTORY_ENDPOINTS,
  customers: CUSTOMER_ENDPOINTS,
  suppliers: SUPPLIER_ENDPOINTS,
  pricing: PRICING_ENDPOINTS,
  webhooks: WEBHOOK_ENDPOINTS,
  'sales-orders': SALES_ORDER_ENDPOINTS,
  invoices: INVOICE_ENDPOINTS,
  reports: REPORT_ENDPOINTS,
  'credit-notes': CREDIT_NOTE_ENDPOINTS,
  'purchase-orders': PURCHASE_ORDER_ENDPOINTS,
  shipments: SHIPMENT_ENDPOINTS,
  'production-orders': PRODUCTION_ORDER_ENDPOINTS,
  'goods-receipts': GOODS_RECEIPT_ENDPOINTS,
  organisations: ORGANISATION_ENDPOINTS,
};

export const ENDPOINTS: readonly Endpoint[] = AREAS.flatMap((area) => placed(area, DECLARED[area]));

const BY_ROUTE_KEY = new Map(ENDPOINTS.map((e) => [routeKey(e), e]));
export const endpointByRouteKey = (key: string): Endpoint | undefined => BY_ROUTE_KEY.get(key);

export const endpointsOf = (group: Group): Endpoint[] => ENDPOINTS.filter((e) => e.group === group);
