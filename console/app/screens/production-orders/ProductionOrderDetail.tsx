import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import {
  PRODUCTION_ORDER_TRANSITIONS,
  type ProductionOrderStatus,
} from '../../../../domain/production-orders/production-order.js';
import { ok, type Schemas } from '../../../client/index.js';
import { useApi, useCan } from '../../session/session.js';
import { ActionBar, type DocumentAction } from '../../ui/actions.js';
import { Fields, useDetail } from '../../ui/detail.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '../../ui/format.js';
import { DataTable, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { useBaseCurrency } from '../organisation/base-currency.js';
import { PRODUCTION_ORDERS } from './ProductionOrderList.js';

type ProductionOrder = Schemas['ProductionOrderDetail'];
type Line = ProductionOrder['lines'][number];

const path = (id: string) => ({ params: { path: { id } } });

/** A typed number, or null when the field was left empty (the API then uses its default). */
const numberOrNull = (value: string | undefined) => (value?.trim() ? Number(value) : null);

/**
 * Start, complete and cancel, in the statuses domain/production-orders/production-order.ts allows them.
 * Completing consumes the inputs FEFO and adds the output: the quantity made defaults to the planned one.
 */
const actionsFor = (
  order: ProductionOrder,
  outputLotTracked: boolean | undefined,
): readonly DocumentAction<ProductionOrderStatus>[] => [
  {
    label: 'Start',
    operation: 'POST /production-orders/{id}/start',
    allowedIn: PRODUCTION_ORDER_TRANSITIONS.start.from,
    run: (api, _values, headers) =>
      ok(api.POST('/production-orders/{id}/start', { ...path(order.id), headers })),
  },
  {
    label: 'Complete',
    operation: 'POST /production-orders/{id}/complete',
    allowedIn: PRODUCTION_ORDER_TRANSITIONS.complete.from,
    fields: [
      {
        name: 'quantity',
        label: 'Quantity made',
        hint: `Leave empty if ${formatQuantity(order.plannedQuantity)} (as planned) were made; the inputs are consumed for what was made.`,
      },
      // A lot number only means something for a lot-tracked output (asked when unknown: the API decides).
      ...(outputLotTracked === false
        ? []
        : [
            {
              name: 'batchNumber',
              label: 'Lot number of the output',
              hint: 'Left empty, the lot is numbered for you.',
            },
          ]),
    ],
    run: (api, values, headers) =>
      ok(
        api.POST('/production-orders/{id}/complete', {
          ...path(order.id),
          headers,
          body: { quantity: numberOrNull(values.quantity), batchNumber: values.batchNumber?.trim() || null },
        }),
      ),
  },
  {
    label: 'Cancel order',
    operation: 'POST /production-orders/{id}/cancel',
    allowedIn: PRODUCTION_ORDER_TRANSITIONS.cancel.from,
    destructive: true,
    fields: [
      { name: 'reason', label: 'Reason', multiline: true, hint: 'Nothing has moved yet: nothing is undone.' },
    ],
    run: (api, values, headers) =>
      ok(
        api.POST('/production-orders/{id}/cancel', {
          ...path(order.id),
          headers,
          body: { reason: values.reason?.trim() || null },
        }),
      ),
  },
];

const lotLinks = (lots: Line['lotsConsumed']) =>
  lots.map((lot, index) => (
    <span key={lot.batchId}>
      {index > 0 && ', '}
      <Link href={`/lots/${lot.batchId}`}>{lot.batchNumber}</Link> ({formatQuantity(lot.quantity)})
    </span>
  ));

function lineColumns(currency: string | undefined): readonly Column<Line>[] {
  const money = (value: number | null) =>
    value === null ? '—' : currency ? formatMoney(value, currency) : formatQuantity(value);
  return [
    {
      header: 'Product',
      cell: (line) => {
        const lots = [...line.lotsConsumed, ...line.lotsMinted];
        return (
          <>
            <Link href={`/products/${line.productId}`}>
              {line.product.sku} · {line.product.name}
            </Link>
            {lots.length > 0 && (
              <small className="lots">
                {line.lineType === 'OUTPUT' ? 'Into lot ' : 'From lots '}
                {lotLinks(lots)}
              </small>
            )}
          </>
        );
      },
    },
    {
      header: 'Per unit',
      cell: (line) => formatQuantity(line.quantityPerUnit),
      numeric: true,
      secondary: true,
    },
    {
      header: 'Wastage',
      cell: (line) => (line.wastagePercent ? `${formatQuantity(line.wastagePercent)} %` : '—'),
      numeric: true,
      secondary: true,
    },
    { header: 'Planned', cell: (line) => formatQuantity(line.plannedQuantity), numeric: true },
    {
      header: 'Actual',
      cell: (line) => (line.actualQuantity === null ? '—' : formatQuantity(line.actualQuantity)),
      numeric: true,
    },
    { header: 'Unit cost', cell: (line) => money(line.unitCost), numeric: true, secondary: true },
    { header: 'Total cost', cell: (line) => money(line.totalCost), numeric: true, secondary: true },
  ];
}

/** A production order: what it makes, from what, and its next step (start, complete, cancel). */
export function ProductionOrderDetail() {
  const { id } = useParams<{ id: string }>();
  const currency = useBaseCurrency();
  const api = useApi();
  const can = useCan();
  const detail = useDetail([...PRODUCTION_ORDERS, id], (api) => api.GET('/production-orders/{id}', path(id)));

  const productId = detail.data?.data.productId;
  const output = useQuery({
    queryKey: ['products', productId, 'output-of-production'],
    enabled: productId !== undefined && can('GET /products/{id}'),
    queryFn: () => ok(api.GET('/products/{id}', path(productId ?? ''))),
  });

  if (detail.isPending) return <p aria-busy="true">Loading the production order…</p>;
  if (detail.isError) {
    return (
      <section>
        <h1>Production order</h1>
        <ErrorMessage error={detail.error} />
        <Link href="/production-orders">All production orders</Link>
      </section>
    );
  }
  const { data: order, etag } = detail.data;
  const outputs = order.lines.filter((line) => line.lineType === 'OUTPUT');
  const inputs = order.lines.filter((line) => line.lineType === 'INPUT');
  const columns = lineColumns(currency);

  return (
    <section aria-busy={detail.isFetching}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/production-orders">Production orders</Link>
      </nav>
      <header className="screen-header">
        <h1>
          {order.orderNumber} <StatusBadge status={order.status} />
        </h1>
        <p className="lead">
          {formatQuantity(order.actualQuantity ?? order.plannedQuantity)} × {order.product.sku} ·{' '}
          {order.product.name} in {order.warehouse.code}
        </p>
      </header>
      {order.status === 'CANCELLED' && (
        <p className="notice">
          Cancelled{order.cancelReason ? `: ${order.cancelReason}` : ''}. Nothing was consumed or made.
        </p>
      )}
      <ActionBar
        status={order.status}
        actions={actionsFor(order, output.data?.isBatchTracked)}
        etag={etag}
        invalidates={[PRODUCTION_ORDERS, ['products'], ['stock-on-hand'], ['batches'], ['reports']]}
      />
      <div className="grid-2">
        <Fields
          items={[
            ['Makes', `${order.product.sku} · ${order.product.name}`],
            ['Planned quantity', formatQuantity(order.plannedQuantity)],
            ['Made', order.actualQuantity === null ? null : formatQuantity(order.actualQuantity)],
            ['Warehouse', order.warehouse.code],
            [
              'For sales order',
              order.salesOrder ? (
                <Link href={`/sales-orders/${order.salesOrder.id}`}>{order.salesOrder.orderNumber}</Link>
              ) : null,
            ],
          ]}
        />
        <Fields
          items={[
            ['Planned start', formatDate(order.plannedStartDate)],
            ['Priority', order.priority],
            ['Started', order.startedAt ? formatDateTime(order.startedAt) : null],
            ['Completed', order.completedAt ? formatDateTime(order.completedAt) : null],
            ['Cancelled', order.cancelledAt ? formatDateTime(order.cancelledAt) : null],
          ]}
        />
      </div>
      <h2 className="group-title">Output</h2>
      <DataTable
        caption="Output"
        captionHidden
        columns={columns}
        rows={outputs}
        rowKey={(line) => line.id}
        busy={false}
        error={null}
        empty="No output line."
      />
      <h2 className="group-title">Components</h2>
      <DataTable
        caption="Components"
        captionHidden
        columns={columns}
        rows={inputs}
        rowKey={(line) => line.id}
        busy={false}
        error={null}
        empty="No components."
      />
      {order.linesTruncated && (
        <p className="muted">
          Showing {order.lines.length} of {order.linesTotal} lines.
        </p>
      )}
    </section>
  );
}
