/**
 * The documents a sales order has led to, on its detail (o27): its shipments (each opens to pick, pack,
 * dispatch with carrier and tracking, or cancel) and its invoices. One request per table.
 */
import { Link } from 'wouter';
import { ok, type Schemas } from '../../../client/index.js';
import { formatDate, formatMoney } from '../../ui/format.js';
import { DataTable, useListQuery, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { useCan } from '../../session/session.js';
import { INVOICES } from '../invoices/queries.js';
import { SHIPMENTS } from '../shipments/queries.js';

type Shipment = Schemas['Shipment'];
type Invoice = Schemas['Invoice'];

const SHIPMENT_COLUMNS: readonly Column<Shipment>[] = [
  { header: 'Shipment', cell: (s) => <Link href={`/shipments/${s.id}`}>{s.shipmentNumber}</Link> },
  { header: 'Status', cell: (s) => <StatusBadge status={s.status} /> },
  { header: 'Carrier', cell: (s) => s.carrier ?? '—', secondary: true },
  { header: 'Tracking', cell: (s) => s.trackingNumber ?? '—' },
  { header: 'Shipped', cell: (s) => formatDate(s.shipDate), secondary: true },
];

const INVOICE_COLUMNS: readonly Column<Invoice>[] = [
  { header: 'Invoice', cell: (i) => <Link href={`/invoices/${i.id}`}>{i.invoiceNumber}</Link> },
  { header: 'Status', cell: (i) => <StatusBadge status={i.status} /> },
  { header: 'Due', cell: (i) => formatDate(i.dueDate), secondary: true },
  { header: 'Total', cell: (i) => formatMoney(i.totalAmount, i.currency), numeric: true, secondary: true },
  { header: 'Balance due', cell: (i) => formatMoney(i.balanceDue, i.currency), numeric: true },
];

export function OrderDocuments({ orderId }: { orderId: string }) {
  const can = useCan();
  const showShipments = can('GET /shipments');
  const showInvoices = can('GET /invoices');
  const shipments = useListQuery([...SHIPMENTS, 'list', { salesOrderId: orderId }], (api) =>
    showShipments
      ? ok(api.GET('/shipments', { params: { query: { salesOrderId: orderId, pageSize: 200 } } }))
      : Promise.resolve({ data: [] }),
  );
  const invoices = useListQuery([...INVOICES, 'list', { salesOrderId: orderId }], (api) =>
    showInvoices
      ? ok(api.GET('/invoices', { params: { query: { salesOrderId: orderId, pageSize: 200 } } }))
      : Promise.resolve({ data: [] }),
  );
  return (
    <div className="grid-2">
      {showShipments && (
        <DataTable
          caption="Shipments"
          columns={SHIPMENT_COLUMNS}
          rows={shipments.data?.data}
          rowKey={(s) => s.id}
          busy={shipments.isFetching}
          error={shipments.error}
          empty="No shipments yet."
          bareWhenEmpty
        />
      )}
      {showInvoices && (
        <DataTable
          caption="Invoices"
          columns={INVOICE_COLUMNS}
          rows={invoices.data?.data}
          rowKey={(i) => i.id}
          busy={invoices.isFetching}
          error={invoices.error}
          empty="Not invoiced yet."
          bareWhenEmpty
        />
      )}
    </div>
  );
}
