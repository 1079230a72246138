/**
 * Today: the work waiting for someone, each as a short list linking to the document, oldest first so
 * nothing waits longest by accident. One request per list, each the API's own filter; a list the key may
 * not read is not shown.
 */
import type { QueryKey } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ok, type ApiClient, type Schemas } from '../../../client/index.js';
import type { Operation } from '../../session/can.js';
import { useCan } from '../../session/session.js';
import { formatDate, formatMoney, formatQuantity, isoDate } from '../../ui/format.js';
import { DataTable, useListQuery, type Column, type Page } from '../../ui/list.js';

const slug = (text: string) => `today-${text.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** Rows per list: enough to act on, short enough that every list fits a screen or two. */
const ROWS = 5;

interface Queue<T> {
  title: string;
  /** What the key must be able to call to see it. */
  needs: Operation;
  queryKey: QueryKey;
  load: (api: ApiClient) => Promise<Page<T>>;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** The full list, filtered the same way. */
  more: string;
  empty: string;
}

function QueueCard<T>({ queue }: { queue: Queue<T> }) {
  const query = useListQuery(queue.queryKey, queue.load);
  const total = query.data?.pagination?.total ?? query.data?.data.length;
  const headingId = slug(`${queue.title} ${queue.more}`);
  return (
    <article className="queue" aria-labelledby={headingId}>
      <header>
        <h3 id={headingId}>
          {queue.title} {total !== undefined && <span className="count">{total}</span>}
        </h3>
        <Link href={queue.more}>
          See all<span className="visually-hidden"> {queue.title.toLowerCase()}</span>
        </Link>
      </header>
      <DataTable
        caption={queue.title}
        captionHidden
        columns={queue.columns}
        rows={query.data?.data.slice(0, ROWS)}
        rowKey={queue.rowKey}
        busy={query.isFetching}
        error={query.error}
        empty={queue.empty}
        bareWhenEmpty
      />
    </article>
  );
}

type SalesOrder = Schemas['SalesOrder'];
type SalesOrderStatus = SalesOrder['status'];
type PurchaseOrder = Schemas['PurchaseOrder'];
type PurchaseOrderStatus = PurchaseOrder['status'];
type LowStockRow = Schemas['LowStockReport']['products'][number];

const salesOrderColumns: readonly Column<SalesOrder>[] = [
  { header: 'Order', cell: (order) => <Link href={`/sales-orders/${order.id}`}>{order.orderNumber}</Link> },
  { header: 'Customer', cell: (order) => order.customer.name },
  { header: 'Required', cell: (order) => formatDate(order.requiredDate ?? order.orderDate) },
  {
    header: 'Total',
    cell: (order) => formatMoney(order.totalAmount, order.currency),
    numeric: true,
    secondary: true,
  },
];

const salesOrders = (title: string, status: SalesOrderStatus, empty: string): Queue<SalesOrder> => ({
  title,
  needs: 'GET /sales-orders',
  queryKey: ['sales-orders', 'today', status],
  load: (api) =>
    ok(
      api.GET('/sales-orders', {
        params: { query: { status: [status], sortBy: 'orderDate', sortDir: 'asc', pageSize: ROWS } },
      }),
    ),
  columns: salesOrderColumns,
  rowKey: (order) => order.id,
  more: `/sales-orders?status=${status}&sortBy=orderDate&sortDir=asc`,
  empty,
});

const purchaseOrderColumns: readonly Column<PurchaseOrder>[] = [
  { header: 'Order', cell: (po) => <Link href={`/purchase-orders/${po.id}`}>{po.orderNumber}</Link> },
  { header: 'Supplier', cell: (po) => po.supplier.name },
  { header: 'Expected', cell: (po) => formatDate(po.expectedDate) },
  { header: 'Total', cell: (po) => formatMoney(po.totalAmount, po.currency), numeric: true, secondary: true },
];

const purchaseOrders = (
  title: string,
  statuses: PurchaseOrderStatus[],
  empty: string,
): Queue<PurchaseOrder> => ({
  title,
  needs: 'GET /purchase-orders',
  queryKey: ['purchase-orders', 'today', statuses],
  load: (api) =>
    ok(
      api.GET('/purchase-orders', {
        params: { query: { status: statuses, sortBy: 'orderDate', sortDir: 'asc', pageSize: ROWS } },
      }),
    ),
  columns: purchaseOrderColumns,
  rowKey: (po) => po.id,
  more: `/purchase-orders?status=${statuses.join(',')}&sortBy=orderDate&sortDir=asc`,
  empty,
});

const lowStock: Queue<LowStockRow> = {
  title: 'Low stock',
  needs: 'GET /reports/low-stock',
  queryKey: ['reports', 'low-stock'],
  load: async (api) => {
    const report = await ok(api.GET('/reports/low-stock'));
    // Largest shortfall first: what runs out soonest.
    return { data: [...report.products].sort((a, b) => b.shortfall - a.shortfall) };
  },
  columns: [
    {
      header: 'Product',
      cell: (row) => <Link href={`/products/${row.product.id}`}>{row.product.name}</Link>,
    },
    { header: 'Warehouse', cell: (row) => row.warehouse?.code ?? 'All', secondary: true },
    { header: 'Available', cell: (row) => formatQuantity(row.quantityAvailable), numeric: true },
    { header: 'Minimum', cell: (row) => formatQuantity(row.minStockLevel), numeric: true, secondary: true },
    { header: 'Reorder', cell: (row) => formatQuantity(row.suggestedReorderQty), numeric: true },
  ],
  rowKey: (row) => `${row.product.id}:${row.warehouse?.id ?? ''}`,
  more: '/reports/low-stock',
  empty: 'Nothing is below its minimum.',
};

const expiringLots: Queue<Schemas['Batch']> = {
  title: 'Lots expiring within 30 days',
  needs: 'GET /batches',
  queryKey: ['batches', 'today', 'expiring'],
  load: (api) =>
    ok(
      api.GET('/batches', {
        params: { query: { status: 'ACTIVE', expiryBefore: isoDate(30), pageSize: ROWS } },
      }),
    ),
  columns: [
    { header: 'Lot', cell: (lot) => <Link href={`/batches/${lot.id}`}>{lot.batchNumber}</Link> },
    { header: 'Product', cell: (lot) => lot.product?.name ?? '—' },
    { header: 'Expires', cell: (lot) => formatDate(lot.expiryDate) },
  ],
  rowKey: (lot) => lot.id,
  more: `/batches?status=ACTIVE&expiryBefore=${isoDate(30)}`,
  empty: 'No lot expires in the next 30 days.',
};

const overdueInvoices: Queue<Schemas['Invoice']> = {
  title: 'Overdue invoices',
  needs: 'GET /invoices',
  queryKey: ['invoices', 'today', 'overdue'],
  load: (api) => ok(api.GET('/invoices', { params: { query: { status: ['OVERDUE'], pageSize: ROWS } } })),
  columns: [
    {
      header: 'Invoice',
      cell: (invoice) => <Link href={`/invoices/${invoice.id}`}>{invoice.invoiceNumber}</Link>,
    },
    { header: 'Customer', cell: (invoice) => invoice.customer.name },
    { header: 'Due', cell: (invoice) => formatDate(invoice.dueDate), secondary: true },
    {
      header: 'Balance',
      cell: (invoice) => formatMoney(invoice.balanceDue, invoice.currency),
      numeric: true,
    },
  ],
  rowKey: (invoice) => invoice.id,
  more: '/invoices?status=OVERDUE',
  empty: 'No invoice is overdue.',
};

const failingWebhooks: Queue<Schemas['Webhook']> = {
  title: 'Webhooks with failed deliveries',
  needs: 'GET /webhooks',
  queryKey: ['webhooks', 'today', 'failing'],
  load: async (api) => {
    // Each webhook counts its failures since the last success: one request finds them all.
    const page = await ok(api.GET('/webhooks', { params: { query: { pageSize: 200 } } }));
    return { data: page.data.filter((webhook) => webhook.failureCount > 0 || webhook.disabledAt !== null) };
  },
  columns: [
    { header: 'Endpoint', cell: (webhook) => <Link href={`/webhooks/${webhook.id}`}>{webhook.url}</Link> },
    { header: 'Failures', cell: (webhook) => webhook.failureCount, numeric: true },
    { header: 'Last failure', cell: (webhook) => formatDate(webhook.lastFailureAt), secondary: true },
  ],
  rowKey: (webhook) => webhook.id,
  more: '/webhooks',
  empty: 'Every webhook is delivering.',
};

/** A queue with its row type put away: what the page needs to filter and draw it. */
interface Card {
  id: string;
  needs: Operation;
  draw: () => ReactNode;
}
const card = <T,>(queue: Queue<T>): Card => ({
  id: `${queue.title}:${queue.more}`,
  needs: queue.needs,
  draw: () => <QueueCard queue={queue} />,
});

const GROUPS: readonly { title: string; queues: readonly Card[] }[] = [
  {
    title: 'Sales orders',
    queues: [
      card(salesOrders('To confirm', 'DRAFT', 'No draft order waits.')),
      card(salesOrders('To pick', 'CONFIRMED', 'Nothing to pick.')),
      card(salesOrders('To pack', 'PICKING', 'Nothing to pack.')),
      card(salesOrders('To dispatch', 'PACKED', 'Nothing to dispatch.')),
    ],
  },
  {
    title: 'Purchase orders',
    queues: [
      card(purchaseOrders('To approve', ['SUBMITTED'], 'No order waits for approval.')),
      card(purchaseOrders('To receive', ['APPROVED', 'PARTIALLY_RECEIVED'], 'Nothing is due in.')),
    ],
  },
  { title: 'Stock', queues: [card(lowStock), card(expiringLots)] },
  { title: 'Money and integrations', queues: [card(overdueInvoices), card(failingWebhooks)] },
];

export function Today(): ReactNode {
  const can = useCan();
  const groups = GROUPS.map((group) => ({
    ...group,
    queues: group.queues.filter((queue) => can(queue.needs)),
  })).filter((group) => group.queues.length > 0);
  return (
    <section>
      <header className="screen-header">
        <h1>Today</h1>
      </header>
      {groups.length === 0 && <p>This key may read none of the lists the today view shows.</p>}
      {groups.map((group) => (
        <section key={group.title} className="queue-group" aria-labelledby={slug(group.title)}>
          <h2 className="group-title" id={slug(group.title)}>
            {group.title}
          </h2>
          <div className="queues">
            {group.queues.map((queue) => (
              <Fragment key={queue.id}>{queue.draw()}</Fragment>
            ))}
          </div>
        </section>
      ))}
    </section>
  );
}
