import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { BATCH_TRANSITIONS, type BatchStatus } from '../../../../domain/inventory/batch.js';
import { ok, type Schemas } from '../../../client/index.js';
import { useApi, useCan } from '../../session/session.js';
import { ActionBar, type DocumentAction } from '../../ui/actions.js';
import { Fields, useDetail } from '../../ui/detail.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatQuantity,
  humanise,
  isoDate,
} from '../../ui/format.js';
import { DataTable, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { useBaseCurrency } from '../organisation/base-currency.js';
import { LOTS } from './LotList.js';

type Lot = Schemas['BatchDetail'];
type Holding = Lot['items'][number];
type Movement = Schemas['StockMovementReport']['movements'][number];
type AuditEntry = Schemas['AuditEntry'];

const path = (id: string) => ({ params: { path: { id } } });

/** The lot's status actions; the statuses each is offered in are the API's own (domain/inventory/batch.ts). */
const actionsFor = (id: string): readonly DocumentAction<BatchStatus>[] => [
  {
    label: 'Release',
    operation: 'POST /batches/{id}/release',
    allowedIn: BATCH_TRANSITIONS.release.from,
    run: (api, _values, headers) => ok(api.POST('/batches/{id}/release', { ...path(id), headers })),
  },
  {
    label: 'Quarantine',
    operation: 'POST /batches/{id}/quarantine',
    allowedIn: BATCH_TRANSITIONS.quarantine.from,
    run: (api, _values, headers) => ok(api.POST('/batches/{id}/quarantine', { ...path(id), headers })),
  },
  {
    label: 'Expire',
    operation: 'POST /batches/{id}/expire',
    allowedIn: BATCH_TRANSITIONS.expire.from,
    destructive: true,
    run: (api, _values, headers) => ok(api.POST('/batches/{id}/expire', { ...path(id), headers })),
  },
  {
    label: 'Recall',
    operation: 'POST /batches/{id}/recall',
    allowedIn: BATCH_TRANSITIONS.recall.from,
    destructive: true,
    run: (api, _values, headers) => ok(api.POST('/batches/{id}/recall', { ...path(id), headers })),
  },
];

const HOLDING_COLUMNS: readonly Column<Holding>[] = [
  {
    header: 'Warehouse · bin',
    cell: (item) =>
      `${item.warehouse.code ?? item.warehouse.id}${item.bin ? ` · ${item.bin.code ?? item.bin.id}` : ''}`,
  },
  { header: 'On hand', cell: (item) => formatQuantity(item.quantity), numeric: true },
  { header: 'Available', cell: (item) => formatQuantity(item.availableQuantity), numeric: true },
];

const MOVEMENT_COLUMNS: readonly Column<Movement>[] = [
  { header: 'When', cell: (row) => formatDateTime(row.date) },
  { header: 'What', cell: (row) => `${humanise(row.sourceType)} ${row.sourceNumber ?? ''}`.trim() },
  { header: 'Warehouse', cell: (row) => row.warehouse.code, secondary: true },
  {
    header: 'Change',
    cell: (row) => `${row.quantityChange > 0 ? '+' : ''}${formatQuantity(row.quantityChange)}`,
    numeric: true,
  },
];

const AUDIT_COLUMNS: readonly Column<AuditEntry>[] = [
  { header: 'When', cell: (entry) => formatDateTime(entry.at) },
  { header: 'Action', cell: (entry) => humanise(entry.action) },
  { header: 'By key', cell: (entry) => <code>{entry.keyId}</code>, secondary: true },
];

/** The lot's movements of the past year (the stock-movement report of its product, this lot's rows). */
function LotMovements({ lot }: { lot: Lot }) {
  const api = useApi();
  const productId = lot.product?.id;
  const query = useQuery({
    queryKey: ['reports', 'stock-movement', 'lot', lot.id],
    enabled: productId !== undefined,
    queryFn: async () => {
      const report = await ok(
        api.GET('/reports/stock-movement', {
          params: { query: { dateFrom: isoDate(-365), dateTo: isoDate(1), productId } },
        }),
      );
      return report.movements.filter((row) => row.batch?.id === lot.id);
    },
  });
  return (
    <DataTable
      caption="Movements in the past year"
      columns={MOVEMENT_COLUMNS}
      rows={query.data}
      rowKey={(row) =>
        `${row.sourceType}-${row.sourceId}-${row.date}-${row.warehouse.id}-${row.bin?.id ?? ''}`
      }
      busy={query.isFetching}
      error={query.error}
      empty="No stock moved in or out of this lot in the past year."
      bareWhenEmpty
    />
  );
}

/** Who changed the lot and when (the audit log of this lot: created, quarantined, released, recalled). */
function LotAudit({ id }: { id: string }) {
  const api = useApi();
  const query = useQuery({
    queryKey: ['audit-log', 'batch', id],
    queryFn: () =>
      ok(api.GET('/audit-log', { params: { query: { entityType: 'batch', entityId: id, pageSize: 50 } } })),
  });
  return (
    <DataTable
      caption="Status history"
      columns={AUDIT_COLUMNS}
      rows={query.data?.data}
      rowKey={(entry) => entry.id}
      busy={query.isFetching}
      error={query.error}
      empty="No recorded changes."
      bareWhenEmpty
    />
  );
}

/** A lot: where it is held, its status actions (quarantine, release, recall) and its history. */
export function LotDetail() {
  const { id } = useParams<{ id: string }>();
  const can = useCan();
  const currency = useBaseCurrency();
  const detail = useDetail([...LOTS, id], (api) => api.GET('/batches/{id}', path(id)));

  if (detail.isPending) return <p aria-busy="true">Loading the lot…</p>;
  if (detail.isError) {
    return (
      <section>
        <h1>Lot</h1>
        <ErrorMessage error={detail.error} />
        <Link href="/lots">All lots</Link>
      </section>
    );
  }
  const { data: lot, etag } = detail.data;
  const cost =
    lot.unitCost === null
      ? null
      : currency
        ? formatMoney(lot.unitCost, currency)
        : formatQuantity(lot.unitCost);

  return (
    <section aria-busy={detail.isFetching}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/lots">Lots</Link>
      </nav>
      <header className="screen-header">
        <h1>
          {lot.batchNumber} <StatusBadge status={lot.status} />
        </h1>
        <p className="lead">
          {lot.product
            ? `${lot.product.name} (${lot.product.sku})`
            : 'Empty: its product shows once stock is received or adjusted into it'}{' '}
          · {formatQuantity(lot.totalQuantity)} on hand
        </p>
      </header>
      {lot.status === 'QUARANTINED' && (
        <p className="notice">
          Quarantined: this lot is not reserved or picked for orders until it is released.
        </p>
      )}
      {lot.status === 'EXPIRED' && (
        <p className="notice">Expired: this lot is not reserved or picked and takes no new stock.</p>
      )}
      {lot.status === 'RECALLED' && (
        <p className="notice">Recalled: a recall is final. The lot takes no new stock and is never picked.</p>
      )}
      <ActionBar
        status={lot.status}
        actions={actionsFor(lot.id)}
        etag={etag}
        invalidates={[LOTS, ['audit-log'], ['reports']]}
      />
      <div className="grid-2">
        <Fields
          items={[
            ['Product', lot.product ? `${lot.product.name} (${lot.product.sku})` : null],
            ['Expires', formatDate(lot.expiryDate)],
            ['Made', formatDate(lot.manufactureDate)],
            ['Storage', lot.storageCondition ? humanise(lot.storageCondition) : null],
            ['Notes', lot.notes],
          ]}
        />
        <Fields
          items={[
            ['On hand', formatQuantity(lot.totalQuantity)],
            ['Unit cost', cost],
            ['Created', formatDateTime(lot.createdAt)],
            ['Last changed', formatDateTime(lot.updatedAt)],
          ]}
        />
      </div>
      <h2 className="group-title">Where it is</h2>
      <DataTable
        caption="Held in"
        captionHidden
        columns={HOLDING_COLUMNS}
        rows={lot.items}
        rowKey={(item) => `${item.warehouse.id}-${item.bin?.id ?? ''}`}
        busy={false}
        error={null}
        empty="None of this lot is in stock."
        bareWhenEmpty
      />
      {lot.itemsTruncated && (
        <p className="muted">
          Showing {lot.items.length} of {lot.itemsTotal} places.
        </p>
      )}
      <h2 className="group-title">History</h2>
      {can('GET /audit-log') && <LotAudit id={lot.id} />}
      {can('GET /reports/stock-movement') && <LotMovements lot={lot} />}
      {!can('GET /audit-log') && !can('GET /reports/stock-movement') && (
        <p className="muted">This key may not read the audit log or the stock-movement report.</p>
      )}
    </section>
  );
}
