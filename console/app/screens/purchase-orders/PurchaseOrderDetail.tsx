import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { PURCHASE_ORDER_TRANSITIONS } from '../../../../domain/purchase-orders/status.js';
import { ok, type Schemas } from '../../../client/index.js';
import { useCan } from '../../session/session.js';
import { ActionBar, type DocumentAction } from '../../ui/actions.js';
import { Fields, useDetail } from '../../ui/detail.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '../../ui/format.js';
import { DataTable, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { useWarehouses } from '../products/pickers.js';
import { OrderReceipts } from './OrderReceipts.js';
import { PURCHASE_ORDERS } from './queries.js';
import { ReceiveForm, type GoodsReceipt } from './ReceiveForm.js';

type PurchaseOrder = Schemas['PurchaseOrderDetail'];
type Status = PurchaseOrder['status'];
type Line = PurchaseOrder['lines'][number];
type ReceiptLine = GoodsReceipt['lines'][number];

const path = (id: string) => ({ params: { path: { id } } });

/**
 * A purchase order's steps in the order the work flows; the statuses come from the API's state machine
 * (domain/purchase-orders/status.ts). Receiving is its own form (below the bar).
 */
const actionsFor = (id: string): readonly DocumentAction<Status>[] => [
  {
    label: 'Submit',
    operation: 'POST /purchase-orders/{id}/submit',
    allowedIn: PURCHASE_ORDER_TRANSITIONS.submit.from,
    run: (api, _values, headers) => ok(api.POST('/purchase-orders/{id}/submit', { ...path(id), headers })),
  },
  {
    label: 'Approve',
    operation: 'POST /purchase-orders/{id}/approve',
    allowedIn: PURCHASE_ORDER_TRANSITIONS.approve.from,
    run: (api, _values, headers) => ok(api.POST('/purchase-orders/{id}/approve', { ...path(id), headers })),
  },
  {
    label: 'Complete',
    operation: 'POST /purchase-orders/{id}/complete',
    allowedIn: PURCHASE_ORDER_TRANSITIONS.complete.from,
    run: (api, _values, headers) => ok(api.POST('/purchase-orders/{id}/complete', { ...path(id), headers })),
  },
  {
    label: 'Cancel order',
    operation: 'POST /purchase-orders/{id}/cancel',
    allowedIn: PURCHASE_ORDER_TRANSITIONS.cancel.from,
    destructive: true,
    fields: [
      { name: 'reason', label: 'Reason', multiline: true, hint: 'Only an order with nothing received.' },
    ],
    run: (api, values, headers) =>
      ok(
        api.POST('/purchase-orders/{id}/cancel', {
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
        <Link href={`/products/${line.productId}`}>{line.product.name}</Link>{' '}
        <small className="muted">{line.product.sku}</small>
      </>
    ),
  },
  { header: 'Ordered', cell: (line) => formatQuantity(line.quantity), numeric: true },
  { header: 'Received', cell: (line) => formatQuantity(line.receivedQty), numeric: true },
  {
    header: 'Unit price',
    cell: (line) => formatMoney(line.unitPrice, currency),
    numeric: true,
    secondary: true,
  },
  { header: 'Tax', cell: (line) => formatMoney(line.taxAmount, currency), numeric: true, secondary: true },
  { header: 'Line total', cell: (line) => formatMoney(line.lineTotal, currency), numeric: true },
];

function ReceiptResult({ receipt, order }: { receipt: GoodsReceipt; order: PurchaseOrder }) {
  const product = (productId: string) => order.lines.find((line) => line.productId === productId)?.product;
  const columns: readonly Column<ReceiptLine>[] = [
    {
      header: 'Product',
      cell: (line) => {
        const named = product(line.productId);
        return named ? `${named.sku} · ${named.name}` : line.productId;
      },
    },
    { header: 'Quantity', cell: (line) => formatQuantity(line.quantity), numeric: true },
    { header: 'Lot', cell: (line) => line.batchNumber ?? '—' },
    {
      header: 'Serial numbers',
      cell: (line) => (line.serialNumbers.length ? line.serialNumbers.join(', ') : '—'),
    },
    {
      header: 'Unit cost (base currency)',
      cell: (line) => formatQuantity(line.unitCost),
      numeric: true,
      secondary: true,
    },
  ];
  return (
    <div className="notice" role="status">
      <p>
        <strong>Receipt {receipt.reference} recorded</strong>: the order is now{' '}
        <StatusBadge status={receipt.purchaseOrder.status} />.
      </p>
      <DataTable
        caption={`Receipt ${receipt.reference}`}
        captionHidden
        columns={columns}
        rows={receipt.lines}
        rowKey={(line) => `${line.poLineId}-${line.batchNumber ?? ''}-${line.binId ?? ''}`}
        busy={false}
        error={null}
        empty="No lines."
      />
    </div>
  );
}

export function PurchaseOrderDetail() {
  const { id } = useParams<{ id: string }>();
  const can = useCan();
  const detail = useDetail([...PURCHASE_ORDERS, id], (api) => api.GET('/purchase-orders/{id}', path(id)));
  const warehouses = useWarehouses();
  const [receiving, setReceiving] = useState(false);
  const [receipt, setReceipt] = useState<GoodsReceipt | null>(null);

  if (detail.isPending) return <p aria-busy="true">Loading the purchase order…</p>;
  if (detail.isError) {
    return (
      <section>
        <h1>Purchase order</h1>
        <ErrorMessage error={detail.error} />
        <Link href="/purchase-orders">All purchase orders</Link>
      </section>
    );
  }
  const { data: order, etag } = detail.data;
  const money = (amount: number) => formatMoney(amount, order.currency);
  const warehouseName = (warehouseId: string | null) => {
    const warehouse = warehouses.data?.data.find((row) => row.id === warehouseId);
    return warehouse ? `${warehouse.code} · ${warehouse.name}` : warehouseId;
  };
  const canReceive =
    (PURCHASE_ORDER_TRANSITIONS.receive.from as readonly Status[]).includes(order.status) &&
    can('POST /purchase-orders/{id}/receipts');

  return (
    <section aria-busy={detail.isFetching}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/purchase-orders">Purchase orders</Link>
      </nav>
      <header className="screen-header">
        <h1>
          {order.orderNumber} <StatusBadge status={order.status} />
        </h1>
        <p className="lead">
          <Link href={`/suppliers/${order.supplier.id}`}>{order.supplier.name}</Link> ·{' '}
          {money(order.totalAmount)}
        </p>
      </header>
      {canReceive && !receiving && (
        <div className="actions">
          <button
            type="button"
            onClick={() => {
              setReceipt(null);
              setReceiving(true);
            }}
          >
            Receive goods
          </button>
        </div>
      )}
      {receiving && (
        <ReceiveForm
          order={order}
          etag={etag}
          onCancel={() => setReceiving(false)}
          onDone={(done) => {
            setReceiving(false);
            setReceipt(done);
          }}
        />
      )}
      {receipt && <ReceiptResult receipt={receipt} order={order} />}
      {/* While the receive form is open, it is the one thing to do on this order. */}
      {!receiving && (
        <ActionBar
          status={order.status}
          actions={actionsFor(order.id)}
          etag={etag}
          invalidates={[PURCHASE_ORDERS]}
          onDone={() => setReceipt(null)}
        />
      )}
      <DataTable
        caption="Lines"
        columns={lineColumns(order.currency)}
        rows={order.lines}
        rowKey={(line) => line.id}
        busy={false}
        error={null}
        empty="No lines."
      />
      <OrderReceipts
        orderId={order.id}
        lines={order.lines}
        warehouseName={(warehouseId) => warehouseName(warehouseId) ?? warehouseId}
      />
      <div className="grid-2">
        <Fields
          items={[
            ['Supplier', `${order.supplier.name} (${order.supplier.code})`],
            ['Deliver to', warehouseName(order.warehouseId)],
            ['Ordered', formatDate(order.orderDate)],
            ['Expected', formatDate(order.expectedDate)],
            ['Received', formatDate(order.receivedDate)],
            ['Submitted', formatDateTime(order.submittedAt)],
            ['Approved', formatDateTime(order.approvedAt)],
            ['Completed', formatDateTime(order.completedAt)],
            ...(order.cancelledAt
              ? ([['Cancelled', formatDateTime(order.cancelledAt)]] as [string, string][])
              : []),
            ['Notes', order.notes],
          ]}
        />
        <Fields
          items={[
            ['Currency', order.currency],
            ['Subtotal', money(order.subtotal)],
            ['Tax', money(order.taxTotal)],
            ['Total', <strong key="total">{money(order.totalAmount)}</strong>],
          ]}
        />
      </div>
    </section>
  );
}
