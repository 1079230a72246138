import { Link } from 'wouter';
import { useCan } from '../../session/session.js';
import { SALES_ORDER_STATUSES } from '../../../../domain/sales-orders/order.js';
import { ok, type operations, type Schemas } from '../../../client/index.js';
import { formatDate, formatMoney } from '../../ui/format.js';
import { ListScreen, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { SALES_ORDERS, statusesOf } from './queries.js';

type SalesOrder = Schemas['SalesOrder'];
type SalesOrderSort = NonNullable<operations['listSalesOrders']['parameters']['query']>['sortBy'];

export const SALES_ORDER_COLUMNS: readonly Column<SalesOrder>[] = [
  { header: 'Order', cell: (order) => <Link href={`/sales-orders/${order.id}`}>{order.orderNumber}</Link> },
  { header: 'Customer', cell: (order) => order.customer.name },
  { header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
  { header: 'Ordered', cell: (order) => formatDate(order.orderDate), secondary: true },
  { header: 'Required', cell: (order) => formatDate(order.requiredDate), secondary: true },
  { header: 'Lines', cell: (order) => order.lineCount, numeric: true, secondary: true },
  { header: 'Total', cell: (order) => formatMoney(order.totalAmount, order.currency), numeric: true },
];

/** The pattern list screen: the API's search, a status filter, its sorts, paging. */
export function SalesOrderList() {
  const can = useCan();
  return (
    <ListScreen
      title="Sales orders"
      noun={{ one: 'sales order', many: 'sales orders' }}
      queryKey={SALES_ORDERS}
      load={(api, params) =>
        ok(
          api.GET('/sales-orders', {
            params: {
              query: {
                search: params.search,
                status: statusesOf(params.filters.status),
                page: params.page,
                pageSize: params.pageSize,
                sortBy: params.sortBy as SalesOrderSort,
                sortDir: params.sortDir,
              },
            },
          }),
        )
      }
      columns={SALES_ORDER_COLUMNS}
      rowKey={(order) => order.id}
      search="Order number or customer name"
      filters={[{ name: 'status', label: 'Status', options: SALES_ORDER_STATUSES }]}
      sorts={[
        { value: 'orderDate', label: 'Order date' },
        { value: 'orderNumber', label: 'Order number' },
        { value: 'totalAmount', label: 'Total' },
      ]}
      empty="No sales orders match."
      actions={
        can('POST /sales-orders') && (
          <Link href="/sales-orders/new" role="button">
            New sales order
          </Link>
        )
      }
    />
  );
}
