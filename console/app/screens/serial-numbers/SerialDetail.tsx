import { Link, useParams } from 'wouter';
import { SERIAL_STATUS_MOVES, type SerialStatus } from '../../../../domain/inventory/serial.js';
import { ok, type Schemas } from '../../../client/index.js';
import { ActionBar, type DocumentAction } from '../../ui/actions.js';
import { Fields, useDetail } from '../../ui/detail.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDate, formatDateTime, humanise } from '../../ui/format.js';
import { DataTable, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { SERIALS } from './SerialList.js';

type Serial = Schemas['SerialNumberDetail'];
type HistoryEntry = Serial['history'][number];
type SettableStatus = Schemas['SerialStatusChange']['status'];

const path = (id: string) => ({ params: { path: { id } } });

/** The back office's moves, each offered only from the statuses SERIAL_STATUS_MOVES allows it from. */
const MOVES: readonly { to: SettableStatus; label: string; destructive?: boolean }[] = [
  { to: 'AVAILABLE', label: 'Mark available' },
  { to: 'RETURNED', label: 'Mark returned' },
  { to: 'DAMAGED', label: 'Mark damaged' },
  { to: 'SCRAPPED', label: 'Scrap', destructive: true },
];

const actionsFor = (id: string): readonly DocumentAction<SerialStatus>[] =>
  MOVES.map(({ to, label, destructive }) => ({
    label,
    operation: 'POST /serial-numbers/{id}/status',
    allowedIn: SERIAL_STATUS_MOVES[to],
    destructive,
    run: (api, _values, headers) =>
      ok(api.POST('/serial-numbers/{id}/status', { ...path(id), headers, body: { status: to } })),
  }));

/** Where a move came from, linked when the console has a screen for it. */
function sourceOf(entry: HistoryEntry) {
  const what = humanise(entry.sourceType);
  if (!entry.sourceId) return what;
  const screen = { sales_order: 'sales-orders', shipment: 'shipments' }[entry.sourceType];
  return screen ? <Link href={`/${screen}/${entry.sourceId}`}>{what}</Link> : what;
}

const HISTORY_COLUMNS: readonly Column<HistoryEntry>[] = [
  { header: 'When', cell: (entry) => formatDateTime(entry.at) },
  { header: 'From', cell: (entry) => (entry.fromStatus ? humanise(entry.fromStatus) : 'New') },
  { header: 'To', cell: (entry) => <StatusBadge status={entry.toStatus} /> },
  { header: 'By', cell: sourceOf },
];

/** One serial number: where the unit is, what it is now, how it got there, and the back office's moves. */
export function SerialDetail() {
  const { id } = useParams<{ id: string }>();
  const detail = useDetail([...SERIALS, id], (api) => api.GET('/serial-numbers/{id}', path(id)));

  if (detail.isPending) return <p aria-busy="true">Loading the serial number…</p>;
  if (detail.isError) {
    return (
      <section>
        <h1>Serial number</h1>
        <ErrorMessage error={detail.error} />
        <Link href="/serial-numbers">All serial numbers</Link>
      </section>
    );
  }
  const { data: serial, etag } = detail.data;
  const productName = `${serial.product.sku ?? ''} · ${serial.product.name ?? serial.product.id}`;
  // Newest first: the latest move is what a person looks for.
  const history = [...serial.history].reverse();

  return (
    <section aria-busy={detail.isFetching}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/serial-numbers">Serial numbers</Link>
      </nav>
      <header className="screen-header">
        <h1>
          {serial.serialNumber} <StatusBadge status={serial.status} />
        </h1>
        <p className="lead">{productName}</p>
      </header>
      <ActionBar
        status={serial.status}
        actions={actionsFor(serial.id)}
        etag={etag}
        invalidates={[SERIALS, ['audit-log']]}
      />
      <p className="muted">
        A serial&apos;s status labels the unit; it moves no stock (a stock adjustment does). Allocated and
        sold change through orders only.
      </p>
      <div className="grid-2">
        <Fields
          items={[
            ['Product', <Link href={`/products/${serial.product.id}`}>{productName}</Link>],
            [
              'Lot',
              serial.batch ? (
                <Link href={`/lots/${serial.batch.id}`}>{serial.batch.batchNumber ?? serial.batch.id}</Link>
              ) : null,
            ],
            ['Warehouse', serial.warehouse ? (serial.warehouse.code ?? serial.warehouse.id) : null],
            ['Bin', serial.bin ? (serial.bin.code ?? serial.bin.id) : null],
            ['Notes', serial.notes],
          ]}
        />
        <Fields
          items={[
            ['Received', formatDate(serial.receivedAt)],
            ['Sold', formatDate(serial.soldAt)],
            ['Returned', formatDate(serial.returnedAt)],
            ['Last changed', formatDateTime(serial.updatedAt)],
          ]}
        />
      </div>
      <h2 className="group-title">History</h2>
      <DataTable
        caption="Status history"
        captionHidden
        columns={HISTORY_COLUMNS}
        rows={history}
        rowKey={(entry) => `${entry.at}-${entry.toStatus}`}
        busy={false}
        error={null}
        empty="No recorded changes."
      />
      {serial.historyTruncated && (
        <p className="muted">
          Showing the last {serial.history.length} of {serial.historyTotal} changes.
        </p>
      )}
    </section>
  );
}
