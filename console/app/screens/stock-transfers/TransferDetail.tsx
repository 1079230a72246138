import { Link, useParams } from 'wouter';
import type { Schemas } from '../../../client/index.js';
import { Fields, useDetail } from '../../ui/detail.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDateTime, formatQuantity } from '../../ui/format.js';
import { DataTable, type Column } from '../../ui/list.js';
import { binName, useLots, useProducts } from '../products/names.js';
import { useWarehouses } from '../products/pickers.js';
import { STOCK_TRANSFERS } from './TransferList.js';

type Transfer = Schemas['StockTransfer'];
type Line = Transfer['lines'][number];

/** A transfer is done when recorded: it has no actions, only what moved where. */
export function TransferDetail() {
  const { id } = useParams<{ id: string }>();
  const detail = useDetail([...STOCK_TRANSFERS, id], (api) =>
    api.GET('/stock-transfers/{id}', { params: { path: { id } } }),
  );
  const lines = detail.data?.data.lines ?? [];
  const products = useProducts(lines.map((line) => line.productId));
  const lots = useLots(lines.map((line) => line.batchId));
  const warehouses = useWarehouses();

  if (detail.isPending) return <p aria-busy="true">Loading the transfer…</p>;
  if (detail.isError) {
    return (
      <section>
        <h1>Stock transfer</h1>
        <ErrorMessage error={detail.error} />
        <Link href="/stock-transfers">All stock transfers</Link>
      </section>
    );
  }
  const { data: transfer } = detail.data;
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
    {
      header: 'Lot',
      cell: (line) => (line.batchId ? (lots.get(line.batchId)?.batchNumber ?? line.batchId) : '—'),
    },
    { header: 'From bin', cell: (line) => binName(warehouses.data?.data, line.fromBinId), secondary: true },
    { header: 'To bin', cell: (line) => binName(warehouses.data?.data, line.toBinId), secondary: true },
    { header: 'Quantity', cell: (line) => formatQuantity(line.quantity), numeric: true },
  ];
  return (
    <section aria-busy={detail.isFetching}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/stock-transfers">Stock transfers</Link>
      </nav>
      <header className="screen-header">
        <h1>{transfer.transferNumber}</h1>
        <p className="lead">
          {transfer.fromWarehouse.code} → {transfer.toWarehouse.code} · {formatDateTime(transfer.createdAt)}
        </p>
      </header>
      <DataTable
        caption="Lines"
        columns={columns}
        rows={transfer.lines}
        rowKey={(line) =>
          `${line.productId}-${line.batchId ?? ''}-${line.fromBinId ?? ''}-${line.toBinId ?? ''}`
        }
        busy={false}
        error={null}
        empty="No lines."
      />
      <Fields
        items={[
          ['From', `${transfer.fromWarehouse.code} · ${transfer.fromWarehouse.name}`],
          ['To', `${transfer.toWarehouse.code} · ${transfer.toWarehouse.name}`],
          ['Recorded', formatDateTime(transfer.createdAt)],
          ['Notes', transfer.notes],
        ]}
      />
    </section>
  );
}
