/**
 * The endpoint catalogue: every endpoint declared once (one file per area in catalogue/). The in-Lambda
 * dispatch, the CDK routes, the local server, the OpenAPI document, the auth checks and the auth-matrix
 * tests all derive from this list. It holds data only (no handler code), so the CDK app can import it
 * without pulling in the runtime.
 */
import type { Access } from '../domain/auth/scopes.js';
import { familyOfPath, type Family } from '../domain/auth/families.js';
import type { Endpoint, Group } from './catalogue/endpoint.js';
import { INVENTORY_ENDPOINTS } from './catalogue/inventory.js';
import { CUSTOMER_ENDPOINTS } from './catalogue/customers.js';
import { META_ENDPOINTS } from './catalogue/meta.js';
import { PRICING_ENDPOINTS } from './catalogue/pricing.js';
import { PRODUCT_ENDPOINTS } from './catalogue/products.js';
import { SUPPLIER_ENDPOINTS } from './catalogue/suppliers.js';
import { WEBHOOK_ENDPOINTS } from './catalogue/webhooks.js';

export { GROUPS, type Endpoint, type Group, type Method } from './catalogue/endpoint.js';

export const API_PREFIX = '/api/v1';

export const ENDPOINTS: readonly Endpoint[] = [
  ...META_ENDPOINTS,
  ...PRODUCT_ENDPOINTS,
  ...INVENTORY_ENDPOINTS,
  ...CUSTOMER_ENDPOINTS,
  ...SUPPLIER_ENDPOINTS,
  ...PRICING_ENDPOINTS,
  ...WEBHOOK_ENDPOINTS,
];

export const access = (endpoint: Endpoint): Access => (endpoint.method === 'GET' ? 'read' : 'write');

export function family(endpoint: Endpoint): Family {
  const found = familyOfPath(endpoint.path);
  if (!found) throw new Error(`No scope family for ${endpoint.path}`);
  return found;
}

/** API Gateway HTTP API route key, e.g. "GET /api/v1/products/{id}". */
export const routeKey = (endpoint: Pick<Endpoint, 'method' | 'path'>): string =>
  `${endpoint.method} ${API_PREFIX}${endpoint.path}`;

const BY_ROUTE_KEY = new Map(ENDPOINTS.map((e) => [routeKey(e), e]));
export const endpointByRouteKey = (key: string): Endpoint | undefined => BY_ROUTE_KEY.get(key);

export const endpointsOf = (group: Group): Endpoint[] => ENDPOINTS.filter((e) => e.group === group);
