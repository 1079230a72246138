import { Link, useParams } from 'wouter';
import { INVOICEABLE_ORDER_STATUSES } from '../../../../domain/invoices/invoice.js';
import { SALES_ORDER_TRANSITIONS } from '../../../../domain/sales-orders/status.js';
import { ok, type Schemas } from '../../../client/index.js';
import { ActionBar, type DocumentAction } from '../../ui/actions.js';
import { Fields, useDetail } from '../../ui/detail.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '../../ui/format.js';
import { DataTable, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { navigate } from '../../routing/hash-location.js';
import { INVOICES } from '../invoices/queries.js';
import { SHIPMENTS } from '../shipments/queries.js';
import { OrderDocuments } from './OrderDocuments.js';
import { SALES_ORDERS } from './queries.js';

type SalesOrder = Schemas['SalesOrderDetail'];
type Status = SalesOrder['status'];
type Line = SalesOrder['lines'][number];

const path = (id: string) => ({ params: { path: { id } } });

/**
 * What a person does to a sales order here, in the order the work flows (the first offered is the
 * primary button). The statuses come from the API's own state machine (domain/sales-orders/status.ts).
 */
const actionsFor = (id: string, uninvoiced = false): readonly DocumentAction<Status>[] => [
  {
    label: 'Confirm',
    operation: 'POST /sales-orders/{id}/confirm',
    allowedIn: SALES_ORDER_TRANSITIONS.confirm.from,
    run: (api, _values, headers) => ok(api.POST('/sales-orders/{id}/confirm', { ...path(id), headers })),
  },
  {
    label: 'Pack',
    operation: 'POST /sales-orders/{id}/pack',
    allowedIn: SALES_ORDER_TRANSITIONS.pack.from,
    run: (api, _values, headers) => ok(api.POST('/sales-orders/{id}/pack', { ...path(id), headers })),
  },
  {
    label: 'Pick',
    operation: 'POST /sales-orders/{id}/pick',
    allowedIn: SALES_ORDER_TRANSITIONS.pick.from,
    // No lines: every reserved balance, lots first to expire first (FEFO), as the API documents.
    run: (api, _values, headers) => ok(api.POST('/sales-orders/{id}/pick', { ...path(id), headers })),
  },
  {
    label: 'Dispatch',
    operation: 'POST /sales-orders/{id}/dispatch',
    allowedIn: SALES_ORDER_TRANSITIONS.dispatch.from,
    run: (api, _values, headers) => ok(api.POST('/sales-orders/{id}/dispatch', { ...path(id), headers })),
  },
  {
    label: 'Complete',
    operation: 'POST /sales-orders/{id}/complete',
    allowedIn: SALES_ORDER_TRANSITIONS.complete.from,
    run: (api, _values, headers) => ok(api.POST('/sales-orders/{id}/complete', { ...path(id), headers })),
  },
  {
    label: 'Create shipment',
    operation: 'POST /shipments',
    allowedIn: SALES_ORDER_TRANSITIONS.ship.from,
    fields: [{ name: 'notes', label: 'Notes for the shipment', multiline: true }],
    run: (api, values, headers) =>
      ok(
        api.POST('/shipments', {
          headers,
          body: { salesOrderId: id, ...(values.notes ? { notes: values.notes } : {}) },
        }),
      ),
  },
  {
    // o27: the invoice of what is not invoiced yet (none offered once all is); opens it to send.
    label: 'Create invoice',
    operation: 'POST /sales-orders/{id}/invoice',
    allowedIn: uninvoiced ? INVOICEABLE_ORDER_STATUSES : [],
    run: async (api, _values, headers) => {
      const invoice = await ok(api.POST('/sales-orders/{id}/invoice', { ...path(id), headers }));
      navigate(`/invoices/${invoice.id}`);
      return invoice;
    },
  },
  {
    label: 'Cancel order',
    operation: 'POST /sales-orders/{id}/cancel',
    allowedIn: SALES_ORDER_TRANSITIONS.cancel.from,
    destructive: true,
    fields: [
      {
        name: 'reason',
        label: 'Reason',
        multiline: true,
        hint: 'Reservations are released and picked stock goes back to its lots and bins.',
      },
    ],
    run: (api, values, headers) =>
      ok(
        api.POST('/sales-orders/{id}/cancel', {
          ...path(id),
          headers,
          body: { reason: values.reason || null },
        }),
      ),
  },
];

const lineColumns = (currency: string): readonly Column<Line>[] => [
  {
    header: 'Product',
    cell: (line) => (
      <>
        {line.product.name} <small className="muted">{line.product.sku}</small>
        {line.lots.length > 0 && (
          <small className="lots">
            {line.lots
              .map(
                (lot) =>
                  `${lot.batchNumber} × ${formatQuantity(lot.quantity)}${lot.isPicked ? ' picked' : ''}`,
              )
              .join(', ')}
          </small>
        )}
      </>
    ),
  },
  { header: 'Ordered', cell: (line) => formatQuantity(line.quantity), numeric: true },
  { header: 'Picked', cell: (line) => formatQuantity(line.pickedQty), numeric: true },
  { header: 'Packed', cell: (line) => formatQuantity(line.packedQty), numeric: true, secondary: true },
  { header: 'Dispatched', cell: (line) => formatQuantity(line.dispatchedQty), numeric: true },
  { header: 'Invoiced', cell: (line) => formatQuantity(line.invoicedQty), numeric: true, secondary: true },
  {
    header: 'Unit price',
    cell: (line) => formatMoney(line.unitPrice, currency),
    numeric: true,
    secondary: true,
  },
  { header: 'Line total', cell: (line) => formatMoney(line.lineTotal, currency), numeric: true },
];

/** The pattern detail screen: the order, its lines, and its actions in the state it is in. */
export function SalesOrderDetail() {
  const { id } = useParams<{ id: string }>();
  const detail = useDetail([...SALES_ORDERS, id], (api) => api.GET('/sales-orders/{id}', path(id)));

  if (detail.isPending) return <p aria-busy="true">Loading the order…</p>;
  if (detail.isError) {
    return (
      <section>
        <h1>Sales order</h1>
        <ErrorMessage error={detail.error} />
        <Link href="/sales-orders">All sales orders</Link>
      </section>
    );
  }
  const { data: order, etag } = detail.data;
  const money = (amount: number) => formatMoney(amount, order.currency);

  return (
    <section aria-busy={detail.isFetching}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/sales-orders">Sales orders</Link>
      </nav>
      <header className="screen-header">
        <h1>
          {order.orderNumber} <StatusBadge status={order.status} />
        </h1>
        <p className="lead">
          {order.customer.name} · {money(order.totalAmount)}
        </p>
      </header>
      <ActionBar
        status={order.status}
        actions={actionsFor(
          order.id,
          order.lines.some((line) => line.invoicedQty < line.quantity),
        )}
        etag={etag}
        invalidates={[SALES_ORDERS, SHIPMENTS, INVOICES]}
      />
      <DataTable
        caption="Lines"
        columns={lineColumns(order.currency)}
        rows={order.lines}
        rowKey={(line) => line.id}
        busy={false}
        error={null}
        empty="No lines."
      />
      <OrderDocuments orderId={order.id} />
      <div className="grid-2">
        <Fields
          items={[
            ['Customer', `${order.customer.name} (${order.customer.code})`],
            ['Ordered', formatDate(order.orderDate)],
            ['Required by', formatDate(order.requiredDate)],
            ['Confirmed', formatDateTime(order.confirmedAt)],
            ['Shipped', formatDate(order.shippedDate)],
            ['Notes', order.notes],
            ...(order.cancelReason || order.cancelledAt
              ? ([
                  ['Cancelled', formatDateTime(order.cancelledAt)],
                  ['Cancel reason', order.cancelReason],
                ] as [string, string | null][])
              : []),
          ]}
        />
        <Fields
          items={[
            ['Subtotal', money(order.subtotal)],
            ['Discount', money(order.discountTotal)],
            ['Charges', money(order.chargesTotal)],
            ['Tax', money(order.taxTotal)],
            ['Total', <strong key="total">{money(order.totalAmount)}</strong>],
          ]}
        />
      </div>
    </section>
  );
}
