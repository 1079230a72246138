import { Link, useParams } from 'wouter';
import { SHIPMENT_TRANSITIONS } from '../../../../domain/shipments/shipment.js';
import { ok, type Schemas } from '../../../client/index.js';
import { ActionBar, type DocumentAction } from '../../ui/actions.js';
import { Fields, useDetail } from '../../ui/detail.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDate, formatDateTime, formatQuantity } from '../../ui/format.js';
import { DataTable, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { SALES_ORDERS } from '../sales-orders/queries.js';
import { SHIPMENTS } from './queries.js';

type Shipment = Schemas['ShipmentDetail'];
type Status = Shipment['status'];
type Line = Shipment['lines'][number];

const path = (id: string) => ({ params: { path: { id } } });

/** A shipment's work in the order it flows: pick, pack, dispatch with carrier and tracking; cancel last. */
export const shipmentActions = (id: string): readonly DocumentAction<Status>[] => [
  {
    label: 'Pick',
    operation: 'POST /shipments/{id}/pick',
    allowedIn: SHIPMENT_TRANSITIONS.pick.from,
    run: (api, _values, headers) => ok(api.POST('/shipments/{id}/pick', { ...path(id), headers })),
  },
  {
    label: 'Pack',
    operation: 'POST /shipments/{id}/pack',
    allowedIn: SHIPMENT_TRANSITIONS.pack.from,
    run: (api, _values, headers) => ok(api.POST('/shipments/{id}/pack', { ...path(id), headers })),
  },
  {
    label: 'Dispatch',
    operation: 'POST /shipments/{id}/dispatch',
    allowedIn: SHIPMENT_TRANSITIONS.dispatch.from,
    fields: [
      { name: 'carrier', label: 'Carrier' },
      { name: 'trackingNumber', label: 'Tracking number' },
    ],
    run: (api, values, headers) =>
      ok(
        api.POST('/shipments/{id}/dispatch', {
          ...path(id),
          headers,
          body: {
            ...(values.carrier ? { carrier: values.carrier } : {}),
            ...(values.trackingNumber ? { trackingNumber: values.trackingNumber } : {}),
          },
        }),
      ),
  },
  {
    label: 'Cancel shipment',
    operation: 'POST /shipments/{id}/cancel',
    allowedIn: SHIPMENT_TRANSITIONS.cancel.from,
    destructive: true,
    fields: [
      {
        name: 'reason',
        label: 'Reason',
        multiline: true,
        hint: 'Picked stock goes back to its lots and bins, and the units back on the order.',
      },
    ],
    run: (api, values, headers) =>
      ok(
        api.POST('/shipments/{id}/cancel', { ...path(id), headers, body: { reason: values.reason || null } }),
      ),
  },
];

const lineColumns: readonly Column<Line>[] = [
  {
    header: 'Product',
    cell: (line) => (
      <>
        {line.product.name} <small className="muted">{line.product.sku}</small>
        {line.lots.length > 0 && (
          <small className="lots">
            {line.lots.map((lot) => `${lot.batchNumber} × ${formatQuantity(lot.quantity)}`).join(', ')}
          </small>
        )}
      </>
    ),
  },
  { header: 'Quantity', cell: (line) => formatQuantity(line.quantity), numeric: true },
];

/** A shipment of a sales order: its lines and lots, and its pick, pack, dispatch and cancel. */
export function ShipmentDetail() {
  const { id } = useParams<{ id: string }>();
  const detail = useDetail([...SHIPMENTS, id], (api) => api.GET('/shipments/{id}', path(id)));

  if (detail.isPending) return <p aria-busy="true">Loading the shipment…</p>;
  if (detail.isError) {
    return (
      <section>
        <h1>Shipment</h1>
        <ErrorMessage error={detail.error} />
      </section>
    );
  }
  const { data: shipment, etag } = detail.data;
  return (
    <section aria-busy={detail.isFetching}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href={`/sales-orders/${shipment.salesOrder.id}`}>{shipment.salesOrder.orderNumber}</Link>
      </nav>
      <header className="screen-header">
        <h1>
          {shipment.shipmentNumber} <StatusBadge status={shipment.status} />
        </h1>
        <p className="lead">Shipment of {shipment.salesOrder.orderNumber}</p>
      </header>
      <ActionBar
        status={shipment.status}
        actions={shipmentActions(shipment.id)}
        etag={etag}
        invalidates={[SHIPMENTS, SALES_ORDERS]}
      />
      <DataTable
        caption="Lines"
        columns={lineColumns}
        rows={shipment.lines}
        rowKey={(line) => line.soLineId}
        busy={false}
        error={null}
        empty="No lines."
      />
      <Fields
        items={[
          ['Carrier', shipment.carrier],
          ['Tracking number', shipment.trackingNumber],
          ['Shipped', formatDate(shipment.shipDate)],
          ['Notes', shipment.notes],
          ['Created', formatDateTime(shipment.createdAt)],
          ...(shipment.cancelledAt
            ? ([
                ['Cancelled', formatDateTime(shipment.cancelledAt)],
                ['Cancel reason', shipment.cancelReason],
              ] as [string, string | null][])
            : []),
        ]}
      />
    </section>
  );
}
