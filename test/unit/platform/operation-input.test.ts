import { describe, expectTypeOf, it } from 'vitest';
import type { SalesOrderStatus } from '../../../domain/sales-orders/order.js';
import type { CUSTOMER_ENDPOINTS } from '../../../functions/areas/customers/endpoints.js';
import type { SALES_ORDER_ENDPOINTS } from '../../../functions/areas/sales-orders/endpoints.js';
import { operationsFor } from '../../../functions/platform/http/operations-for.js';
import type { OperationInput, OperationOf, OperationsOf } from '../../../functions/platform/http/types.js';

// These checks run in `tsc --noEmit` (npm run typecheck): a @ts-expect-error that stops failing, or an
// expectTypeOf that no longer holds, breaks the typecheck.
type SalesOrderInput<Id extends keyof typeof salesOrderOperations> = Parameters<
  OperationOf<typeof SALES_ORDER_ENDPOINTS, Id>
>[0];
const salesOrderOperations = {} as OperationsOf<typeof SALES_ORDER_ENDPOINTS>;

describe('operation input typed from the declaration', () => {
  it('types path parameters from the path template', () => {
    const check = ({ params }: SalesOrderInput<'confirmSalesOrder'>) => {
      expectTypeOf(params).toEqualTypeOf<{ id: string }>();
      // @ts-expect-error /sales-orders/{id}/confirm declares no path parameter `nope`
      return params.nope;
    };
    const child = ({
      params,
    }: Parameters<OperationOf<typeof CUSTOMER_ENDPOINTS, 'replaceCustomerContact'>>[0]) =>
      expectTypeOf(params).toEqualTypeOf<{ id: string; contactId: string }>();
    expectTypeOf(check).toBeFunction();
    expectTypeOf(child).toBeFunction();
  });

  it('types the body from the validated schema', () => {
    const check = ({ body }: SalesOrderInput<'createSalesOrder'>) => {
      expectTypeOf(body.customerId).toEqualTypeOf<string>();
      expectTypeOf(body.lines[0]!.quantity).toEqualTypeOf<number>();
      // @ts-expect-error SalesOrderCreate has customerId, not customerID
      return body.customerID;
    };
    // An optional body left out validates as `{}`: never undefined. No body declared: undefined.
    const cancel = ({ body }: SalesOrderInput<'cancelSalesOrder'>) =>
      expectTypeOf(body).toEqualTypeOf<{ reason?: string | null }>();
    const confirm = ({ body }: SalesOrderInput<'confirmSalesOrder'>) => expectTypeOf(body).toBeUndefined();
    expectTypeOf(check).toBeFunction();
    expectTypeOf(cancel).toBeFunction();
    expectTypeOf(confirm).toBeFunction();
  });

  it('types the query as the parser produces it: defaulted params present, the rest optional', () => {
    const check = ({ query }: SalesOrderInput<'listSalesOrders'>) => {
      expectTypeOf(query.page).toEqualTypeOf<number>();
      expectTypeOf(query.pageSize).toEqualTypeOf<number>();
      expectTypeOf(query.status).toEqualTypeOf<SalesOrderStatus[] | undefined>();
      expectTypeOf(query.modifiedSince).toEqualTypeOf<Date | undefined>();
      expectTypeOf(query.dateFrom).toEqualTypeOf<string | undefined>();
      expectTypeOf(query.sortDir).toEqualTypeOf<'asc' | 'desc' | undefined>();
      // @ts-expect-error listSalesOrders declares no query parameter `warehouseId`
      return query.warehouseId;
    };
    const none = ({ query }: SalesOrderInput<'getSalesOrder'>) =>
      // @ts-expect-error getSalesOrder declares no query parameters, not even page
      query.page;
    expectTypeOf(check).toBeFunction();
    expectTypeOf(none).toBeFunction();
  });

  it('checks each bound operation against its own endpoint', () => {
    const bound = operationsFor<typeof SALES_ORDER_ENDPOINTS>({
      ...salesOrderOperations,
      // @ts-expect-error cancel's operation needs params.id, which POST /sales-orders does not have
      createSalesOrder: salesOrderOperations.cancelSalesOrder,
    });
    // Bound, the operations take the pipeline's untyped input.
    expectTypeOf(bound.createSalesOrder).parameter(0).toEqualTypeOf<OperationInput>();
  });
});
