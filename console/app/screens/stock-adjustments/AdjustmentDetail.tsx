import { Link, useParams } from 'wouter';
import { ADJUSTMENT_TRANSITIONS } from '../../../../domain/inventory/adjustment.js';
import { ok, type Schemas } from '../../../client/index.js';
import { ActionBar, type DocumentAction } from '../../ui/actions.js';
import { Fields, useDetail } from '../../ui/detail.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDateTime, formatQuantity, humanise } from '../../ui/format.js';
import { DataTable, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { binName, useLots, useProducts, warehouseName } from '../products/names.js';
import { useWarehouses } from '../products/pickers.js';
import { netChange, STOCK_ADJUSTMENTS } from './AdjustmentList.js';

type Adjustment = Schemas['StockAdjustment'];
type Status = Adjustment['status'];
type Line = Adjustment['lines'][number];

const path = (id: string) => ({ params: { path: { id } } });

/** Complete moves the stock; void reverses a completed one exactly (domain/inventory/adjustment.ts). */
const actionsFor = (id: string): readonly DocumentAction<Status>[] => [
  {
    label: 'Complete',
    operation: 'POST /stock-adjustments/{id}/complete',
    allowedIn: ADJUSTMENT_TRANSITIONS.complete.from,
    run: (api, _values, headers) =>
      ok(api.POST('/stock-adjustments/{id}/complete', { ...path(id), headers })),
  },
  {
    label: 'Void',
    operation: 'POST /stock-adjustments/{id}/void',
    allowedIn: ADJUSTMENT_TRANSITIONS.void.from,
    destructive: true,
    run: (api, _values, headers) => ok(api.POST('/stock-adjustments/{id}/void', { ...path(id), headers })),
  },
];

export function AdjustmentDetail() {
  const { id } = useParams<{ id: string }>();
  const detail = useDetail([...STOCK_ADJUSTMENTS, id], (api) => api.GET('/stock-adjustments/{id}', path(id)));
  const lines = detail.data?.data.lines ?? [];
  const products = useProducts(lines.map((line) => line.productId));
  const lots = useLots(lines.map((line) => line.batchId));
  const warehouses = useWarehouses();

  if (detail.isPending) return <p aria-busy="true">Loading the adjustment…</p>;
  if (detail.isError) {
    return (
      <section>
        <h1>Stock adjustment</h1>
        <ErrorMessage error={detail.error} />
        <Link href="/stock-adjustments">All stock adjustments</Link>
      </section>
    );
  }
  const { data: adjustment, etag } = detail.data;
  const columns: readonly Column<Line>[] = [
    {
      header: 'Product',
      cell: (line) => {
        const product = products.get(line.productId);
        return (
          <Link href={`/products/${line.productId}`}>
            {product ? `${product.sku} · ${product.name}` : line.productId}
          </Link>
        );
      },
    },
    { header: 'Warehouse', cell: (line) => warehouseName(warehouses.data?.data, line.warehouseId) },
    { header: 'Bin', cell: (line) => binName(warehouses.data?.data, line.binId), secondary: true },
    {
      header: 'Lot',
      cell: (line) => (line.batchId ? (lots.get(line.batchId)?.batchNumber ?? line.batchId) : '—'),
    },
    {
      header: 'Change',
      cell: (line) => `${line.quantityChange > 0 ? '+' : ''}${formatQuantity(line.quantityChange)}`,
      numeric: true,
    },
    {
      header: 'Cost per unit',
      cell: (line) => (line.costPerUnit === null ? '—' : formatQuantity(line.costPerUnit)),
      numeric: true,
      secondary: true,
    },
  ];
  return (
    <section aria-busy={detail.isFetching}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/stock-adjustments">Stock adjustments</Link>
      </nav>
      <header className="screen-header">
        <h1>
          {adjustment.adjustmentNumber} <StatusBadge status={adjustment.status} />
        </h1>
        <p className="lead">
          {humanise(adjustment.reason)} · net {netChange(adjustment)}
        </p>
      </header>
      <ActionBar
        status={adjustment.status}
        actions={actionsFor(adjustment.id)}
        etag={etag}
        invalidates={[STOCK_ADJUSTMENTS, ['products'], ['stock-on-hand']]}
      />
      {adjustment.status === 'DRAFT' && (
        <p className="muted">A draft moves no stock until it is completed.</p>
      )}
      <DataTable
        caption="Lines"
        columns={columns}
        rows={adjustment.lines}
        rowKey={(line) => `${line.productId}-${line.warehouseId}-${line.binId ?? ''}-${line.batchId ?? ''}`}
        busy={false}
        error={null}
        empty="No lines."
      />
      <Fields
        items={[
          ['Reason', humanise(adjustment.reason)],
          ['Created', formatDateTime(adjustment.createdAt)],
          ['Completed', formatDateTime(adjustment.completedAt)],
          ['Notes', adjustment.notes],
        ]}
      />
    </section>
  );
}
