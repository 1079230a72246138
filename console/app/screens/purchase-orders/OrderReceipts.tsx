/**
 * A purchase order's goods receipts on its detail (g27): one request lists them (GET /goods-receipts with
 * the order's id), each with its lines, lots and serial counts; opening a receipt reads it
 * (GET /goods-receipts/{id}) for its lots' expiry dates and its serial numbers.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ok, type Schemas } from '../../../client/index.js';
import { useApi } from '../../session/session.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDate, formatDateTime, formatQuantity } from '../../ui/format.js';
import { DataTable, useListQuery, type Column } from '../../ui/list.js';
import { PURCHASE_ORDERS } from './queries.js';

type Receipt = Schemas['GoodsReceiptSummary'];
type ReceiptLine = Schemas['GoodsReceiptDetail']['lines'][number];
type OrderLine = Schemas['PurchaseOrderDetail']['lines'][number];

const RECEIPTS = [...PURCHASE_ORDERS, 'receipts'] as const;

export function OrderReceipts({
  orderId,
  lines,
  warehouseName,
}: {
  orderId: string;
  lines: readonly OrderLine[];
  warehouseName: (warehouseId: string) => string;
}) {
  const receipts = useListQuery([...RECEIPTS, 'list', { purchaseOrderId: orderId }], (api) =>
    ok(api.GET('/goods-receipts', { params: { query: { purchaseOrderId: orderId, pageSize: 100 } } })),
  );
  const product = (poLineId: string) => lines.find((line) => line.id === poLineId)?.product;
  const rows = receipts.data?.data;
  return (
    <section className="receipts" aria-labelledby="receipts-heading" aria-busy={receipts.isFetching}>
      <h2 id="receipts-heading">Goods receipts</h2>
      {receipts.error ? <ErrorMessage error={receipts.error} /> : null}
      {rows === undefined && !receipts.error && <p aria-busy="true">Loading the receipts…</p>}
      {rows?.length === 0 && <p className="muted empty">Nothing received yet.</p>}
      {rows?.map((receipt) => (
        <ReceiptItem
          key={receipt.id}
          receipt={receipt}
          productName={(poLineId) => {
            const named = product(poLineId);
            return named ? `${named.sku} · ${named.name}` : poLineId;
          }}
          warehouseName={warehouseName}
        />
      ))}
    </section>
  );
}

function ReceiptItem({
  receipt,
  productName,
  warehouseName,
}: {
  receipt: Receipt;
  productName: (poLineId: string) => string;
  warehouseName: (warehouseId: string) => string;
}) {
  const [open, setOpen] = useState(false);
  const lots = [...new Set(receipt.lines.flatMap((l) => (l.batchNumber ? [l.batchNumber] : [])))];
  const serials = receipt.lines.reduce((n, l) => n + l.serialCount, 0);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <strong>{receipt.reference}</strong> · {formatDateTime(receipt.receivedAt)} ·{' '}
        {formatQuantity(receipt.totalQuantity)} units into {warehouseName(receipt.warehouseId)}
        {lots.length > 0 && <> · lots {lots.join(', ')}</>}
        {serials > 0 && <> · {serials} serial numbers</>}
      </summary>
      {receipt.notes && <p className="muted">{receipt.notes}</p>}
      {open && <ReceiptLines id={receipt.id} reference={receipt.reference} productName={productName} />}
    </details>
  );
}

function ReceiptLines({
  id,
  reference,
  productName,
}: {
  id: string;
  reference: string;
  productName: (poLineId: string) => string;
}) {
  const api = useApi();
  const detail = useQuery({
    queryKey: [...RECEIPTS, id],
    queryFn: () => ok(api.GET('/goods-receipts/{id}', { params: { path: { id } } })),
  });
  const columns: readonly Column<ReceiptLine>[] = [
    { header: 'Product', cell: (line) => productName(line.poLineId) },
    { header: 'Quantity', cell: (line) => formatQuantity(line.quantity), numeric: true },
    { header: 'Lot', cell: (line) => line.batchNumber ?? '—' },
    { header: 'Expires', cell: (line) => formatDate(line.expiryDate) },
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
    <DataTable
      caption={`Lines of receipt ${reference}`}
      columns={columns}
      rows={detail.data?.lines}
      rowKey={(line) => `${line.poLineId}-${line.batchId ?? ''}-${line.binId ?? ''}`}
      busy={detail.isFetching}
      error={detail.error}
      empty="No lines."
    />
  );
}
