// A section of the navigation with several screens lists them one under another.
import '../../ui/nav-sections.css';
import { Link } from 'wouter';
import {
  PURCHASE_ORDER_SORTS,
  PURCHASE_ORDER_STATUSES,
} from '../../../../domain/purchase-orders/purchase-order.js';
import { ok, type Schemas } from '../../../client/index.js';
import { useCan } from '../../session/session.js';
import { enumList, enumOne } from '../../ui/enum-filter.js';
import { formatDate, formatMoney } from '../../ui/format.js';
import { ListScreen, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { PURCHASE_ORDERS } from './queries.js';

type PurchaseOrder = Schemas['PurchaseOrder'];

export const PURCHASE_ORDER_COLUMNS: readonly Column<PurchaseOrder>[] = [
  { header: 'Order', cell: (po) => <Link href={`/purchase-orders/${po.id}`}>{po.orderNumber}</Link> },
  { header: 'Supplier', cell: (po) => po.supplier.name },
  { header: 'Status', cell: (po) => <StatusBadge status={po.status} /> },
  { header: 'Ordered', cell: (po) => formatDate(po.orderDate), secondary: true },
  { header: 'Expected', cell: (po) => formatDate(po.expectedDate), secondary: true },
  { header: 'Lines', cell: (po) => po.lineCount, numeric: true, secondary: true },
  { header: 'Total', cell: (po) => formatMoney(po.totalAmount, po.currency), numeric: true },
];

/** Purchase orders: the API's search (number, supplier), status filter, sorts and paging. */
export function PurchaseOrderList() {
  const can = useCan();
  return (
    <ListScreen
      title="Purchase orders"
      noun={{ one: 'purchase order', many: 'purchase orders' }}
      queryKey={PURCHASE_ORDERS}
      load={(api, params) =>
        ok(
          api.GET('/purchase-orders', {
            params: {
              query: {
                search: params.search,
                status: enumList(params.filters.status, PURCHASE_ORDER_STATUSES),
                supplierId: params.filters.supplierId,
                page: params.page,
                pageSize: params.pageSize,
                sortBy: enumOne(params.sortBy, PURCHASE_ORDER_SORTS),
                sortDir: params.sortDir,
              },
            },
          }),
        )
      }
      columns={PURCHASE_ORDER_COLUMNS}
      rowKey={(po) => po.id}
      search="Order number or supplier name"
      filters={[{ name: 'status', label: 'Status', options: PURCHASE_ORDER_STATUSES }]}
      sorts={[
        { value: 'orderDate', label: 'Order date' },
        { value: 'orderNumber', label: 'Order number' },
        { value: 'totalAmount', label: 'Total' },
      ]}
      empty="No purchase orders match."
      actions={
        can('POST /purchase-orders') && (
          <Link href="/purchase-orders/new" role="button">
            New purchase order
          </Link>
        )
      }
    />
  );
}
