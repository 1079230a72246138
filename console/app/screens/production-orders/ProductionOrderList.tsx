import { Link } from 'wouter';
import { PRODUCTION_ORDER_STATUSES } from '../../../../domain/production-orders/production-order.js';
import { ok, type Schemas } from '../../../client/index.js';
import { useCan } from '../../session/session.js';
import { enumList } from '../../ui/enum-filter.js';
import { formatDate, formatQuantity, isoDate } from '../../ui/format.js';
import { ListScreen, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';

type ProductionOrder = Schemas['ProductionOrder'];

/** The query key prefix of everything read from /production-orders: an action invalidates it all. */
export const PRODUCTION_ORDERS = ['production-orders'] as const;

/**
 * The planned-start windows a planner asks about, as the API's dateFrom/dateTo (dates in the browser's
 * day; a date alone as dateTo runs to the end of that day).
 */
const WHEN = {
  overdue: { label: 'Before today', range: () => ({ dateTo: isoDate(-1) }) },
  today: { label: 'Today', range: () => ({ dateFrom: isoDate(0), dateTo: isoDate(0) }) },
  week: { label: 'In the next 7 days', range: () => ({ dateFrom: isoDate(0), dateTo: isoDate(7) }) },
  later: { label: 'After the next 7 days', range: () => ({ dateFrom: isoDate(8) }) },
} as const;
type When = keyof typeof WHEN;
const WHENS = Object.keys(WHEN) as When[];
const rangeOf = (value: string | undefined) =>
  WHENS.includes(value as When) ? WHEN[value as When].range() : {};

const COLUMNS: readonly Column<ProductionOrder>[] = [
  {
    header: 'Order',
    cell: (order) => <Link href={`/production-orders/${order.id}`}>{order.orderNumber}</Link>,
  },
  { header: 'Makes', cell: (order) => order.product.name },
  { header: 'SKU', cell: (order) => order.product.sku, secondary: true },
  { header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
  {
    header: 'Quantity',
    // What was made once completed; what is planned before.
    cell: (order) => formatQuantity(order.actualQuantity ?? order.plannedQuantity),
    numeric: true,
  },
  { header: 'Warehouse', cell: (order) => order.warehouse.code, secondary: true },
  { header: 'Planned start', cell: (order) => formatDate(order.plannedStartDate), secondary: true },
  { header: 'Priority', cell: (order) => order.priority, numeric: true, secondary: true },
];

/** Production orders (Make): search, status and planned-start filters, paging, newest first. */
export function ProductionOrderList() {
  const can = useCan();
  return (
    <ListScreen
      title="Production orders"
      noun={{ one: 'production order', many: 'production orders' }}
      queryKey={PRODUCTION_ORDERS}
      load={(api, params) =>
        ok(
          api.GET('/production-orders', {
            params: {
              query: {
                search: params.search,
                status: enumList(params.filters.status, PRODUCTION_ORDER_STATUSES),
                productId: params.filters.productId,
                ...rangeOf(params.filters.when),
                page: params.page,
                pageSize: params.pageSize,
              },
            },
          }),
        )
      }
      columns={COLUMNS}
      rowKey={(order) => order.id}
      search="Order number, product SKU or name"
      filters={[
        { name: 'status', label: 'Status', options: PRODUCTION_ORDER_STATUSES },
        {
          name: 'when',
          label: 'Planned start',
          options: WHENS,
          labelOf: (option) => WHEN[option as When].label,
        },
      ]}
      empty="No production orders match."
      actions={
        can('POST /production-orders') && (
          <Link href="/production-orders/new" role="button">
            New production order
          </Link>
        )
      }
    />
  );
}
