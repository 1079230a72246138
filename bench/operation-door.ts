/**
 * The API door of a twin row without the request pipeline: the endpoint's own operation, called with the
 * input the pipeline would give it (path ids routed, body validated, a journal of the acting key). Its
 * DynamoDB calls are those of the step as the API runs it, beside the CLI command's; the request's
 * authentication, rate limit and idempotency calls are measured separately (the request column).
 */
import { NO_PRECONDITIONS } from '../functions/platform/http/etag.js';
import type { AuthContext, Operation } from '../functions/platform/http/types.js';
import { validateWith } from '../functions/platform/http/validate.js';
import type { ValidatorLoader } from '../functions/platform/http/validator-types.js';
import { createJournal } from '../functions/platform/journal/journal.js';
import { matchRoute } from '../infra/local/http-adapter.js';
import { creditNoteOperations } from '../functions/areas/credit-notes/operations/index.js';
import { inventoryOperations } from '../functions/areas/inventory/operations.js';
import { invoiceOperations } from '../functions/areas/invoices/operations/index.js';
import { organisationOperations } from '../functions/areas/organisations/operations.js';
import { productionOrderOperations } from '../functions/areas/production-orders/operations.js';
import { productOperations } from '../functions/areas/products/operations.js';
import { purchaseOrderOperations } from '../functions/areas/purchase-orders/operations/index.js';
import { salesOrderOperations } from '../functions/areas/sales-orders/operations/index.js';
import { shipmentOperations } from '../functions/areas/shipments/operations/index.js';
import { customerOperations } from '../functions/areas/customers/operations.js';
import { pricingOperations } from '../functions/areas/pricing/operations.js';
import { supplierOperations } from '../functions/areas/suppliers/operations.js';
import type { BenchRequest } from './api.js';

/** The operations of the areas with steps over the API, by operationId (as the group entries merge them). */
const OPERATIONS: Record<string, Operation> = {
  ...productOperations,
  ...inventoryOperations,
  ...customerOperations,
  ...supplierOperations,
  ...pricingOperations,
  ...salesOrderOperations,
  ...invoiceOperations,
  ...creditNoteOperations,
  ...shipmentOperations,
  ...purchaseOrderOperations,
  ...productionOrderOperations,
  ...organisationOperations,
};

/** Runs the operation serving `request` as `auth`, as the pipeline would after its own checks. */
export async function runOperation(auth: AuthContext, request: BenchRequest): Promise<unknown> {
  const route = matchRoute(request.method, `/api/v1${request.path}`);
  if (!route) throw new Error(`no route for ${request.method} ${request.path}`);
  const { endpoint, params } = route;
  const operation = OPERATIONS[endpoint.operationId];
  if (!operation) throw new Error(`bench/operation-door.ts has no operation ${endpoint.operationId}`);
  let body: unknown = request.body;
  if (endpoint.body) {
    const validators = (await import(`../functions/generated/validators-${endpoint.group}.js`)) as Record<
      string,
      ValidatorLoader
    >;
    body = validateWith(await validators[endpoint.body]!(), body ?? {});
  }
  const now = new Date();
  const requestId = `bench-${now.getTime()}`;
  const output = await operation({
    endpoint,
    auth,
    params,
    query: {},
    body,
    requestId,
    now,
    journal: createJournal({ auth, requestId, now }),
    preconditions: NO_PRECONDITIONS,
  });
  return output.body;
}
