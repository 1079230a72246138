/**
 * A product and where its stock is: per warehouse (on hand, reserved, available), then per bin and lot
 * (GET /stock-on-hand: one row per bin, each lot of it with its expiry date), and who supplies it.
 */
import { Link, useParams } from 'wouter';
import { ok, type Schemas } from '../../../client/index.js';
import { useCan } from '../../session/session.js';
import { Fields, useDetail } from '../../ui/detail.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDate, formatQuantity, humanise } from '../../ui/format.js';
import { DataTable, useListQuery, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { useWarehouses } from './pickers.js';
import { trackingOf } from './ProductList.js';

type Product = Schemas['ProductDetail'];
type Level = Product['stockLevels'][number];
type SupplierLink = Product['suppliers'][number];
type StockRow = Schemas['StockOnHandRow'];

/** One line per bin and lot: what a person looks for on the shelf. */
interface Place {
  key: string;
  warehouse: string;
  bin: string;
  lot: string;
  batchId: string | null;
  expiry: string | null;
  onHand: number;
  reserved: number;
  available: number;
}

const placesOf = (rows: readonly StockRow[]): Place[] =>
  rows.flatMap((row): Place[] => {
    const base = { warehouse: row.warehouse.code, bin: row.bin?.code ?? 'No bin' };
    if (!row.batches || row.batches.length === 0) {
      return [
        {
          ...base,
          key: `${row.warehouse.id}-${row.bin?.id ?? ''}`,
          lot: '—',
          batchId: null,
          expiry: null,
          onHand: row.quantityOnHand,
          reserved: row.quantityReserved,
          available: row.quantityAvailable,
        },
      ];
    }
    return row.batches.map((batch) => ({
      ...base,
      key: `${row.warehouse.id}-${row.bin?.id ?? ''}-${batch.batchId}`,
      lot: batch.batchNumber ?? '—',
      batchId: batch.batchId,
      expiry: batch.expiryDate,
      onHand: batch.quantityOnHand,
      reserved: batch.quantityReserved,
      available: batch.quantityAvailable,
    }));
  });

export function ProductDetail() {
  const { id } = useParams<{ id: string }>();
  const can = useCan();
  const detail = useDetail(['products', id], (api) =>
    api.GET('/products/{id}', { params: { path: { id } } }),
  );
  const warehouses = useWarehouses();
  const stock = useListQuery(['stock-on-hand', 'product', id], (api) =>
    ok(api.GET('/stock-on-hand', { params: { query: { productId: id, pageSize: 200 } } })),
  );

  if (detail.isPending) return <p aria-busy="true">Loading the product…</p>;
  if (detail.isError) {
    return (
      <section>
        <h1>Product</h1>
        <ErrorMessage error={detail.error} />
        <Link href="/products">All products</Link>
      </section>
    );
  }
  const { data: product } = detail.data;
  const unit = product.unitOfMeasure ? ` ${product.unitOfMeasure.abbreviation}` : '';
  const qty = (value: number) => `${formatQuantity(value)}${unit}`;
  const warehouseName = (warehouseId: string) => {
    const warehouse = warehouses.data?.data.find((row) => row.id === warehouseId);
    return warehouse ? `${warehouse.code} · ${warehouse.name}` : warehouseId;
  };
  const levelColumns: readonly Column<Level>[] = [
    { header: 'Warehouse', cell: (level) => warehouseName(level.warehouseId) },
    { header: 'On hand', cell: (level) => qty(level.quantityOnHand), numeric: true },
    { header: 'Reserved', cell: (level) => qty(level.quantityReserved), numeric: true, secondary: true },
    { header: 'Available', cell: (level) => qty(level.quantityAvailable), numeric: true },
  ];
  const placeColumns: readonly Column<Place>[] = [
    { header: 'Warehouse', cell: (place) => place.warehouse },
    { header: 'Bin', cell: (place) => place.bin },
    {
      header: 'Lot',
      cell: (place) =>
        place.batchId && can('GET /batches/{id}') ? (
          <Link href={`/batches/${place.batchId}`}>{place.lot}</Link>
        ) : (
          place.lot
        ),
    },
    { header: 'Expires', cell: (place) => formatDate(place.expiry), secondary: true },
    { header: 'On hand', cell: (place) => qty(place.onHand), numeric: true },
    { header: 'Reserved', cell: (place) => qty(place.reserved), numeric: true, secondary: true },
    { header: 'Available', cell: (place) => qty(place.available), numeric: true, secondary: true },
  ];
  const supplierColumns: readonly Column<SupplierLink>[] = [
    {
      header: 'Supplier',
      cell: (link) => (
        <>
          <Link href={`/suppliers/${link.supplierId}`}>
            {link.supplierName ?? link.supplierCode ?? link.supplierId}
          </Link>
          {link.isPreferred && <small className="muted"> preferred</small>}
        </>
      ),
    },
    { header: 'Their SKU', cell: (link) => link.supplierSku ?? '—', secondary: true },
    { header: 'Price', cell: (link) => formatQuantity(link.supplierPrice), numeric: true },
    {
      header: 'Lead time',
      cell: (link) => (link.leadTimeDays === null ? '—' : `${link.leadTimeDays} days`),
      secondary: true,
    },
  ];

  return (
    <section aria-busy={detail.isFetching}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/products">Products</Link>
      </nav>
      <header className="screen-header">
        <h1>
          {product.name} {!product.isActive && <StatusBadge status="ARCHIVED" />}
        </h1>
        <p className="lead">
          {product.sku} · {qty(product.totalStockOnHand)} on hand
        </p>
        {can('PUT /products/{id}') && (
          <Link href={`/products/${product.id}/edit`} role="button" className="secondary">
            Edit
          </Link>
        )}
      </header>
      <h2>Stock by warehouse</h2>
      <DataTable
        caption="Stock by warehouse"
        captionHidden
        columns={levelColumns}
        rows={product.stockLevels}
        rowKey={(level) => level.warehouseId}
        busy={false}
        error={null}
        empty="No stock in any warehouse."
        bareWhenEmpty
      />
      <h2>By bin and lot</h2>
      <DataTable
        caption="Stock on hand"
        captionHidden
        columns={placeColumns}
        rows={stock.data ? placesOf(stock.data.data) : undefined}
        rowKey={(place) => place.key}
        busy={stock.isFetching}
        error={stock.error}
        empty="Nothing on hand."
      />
      <div className="grid-2">
        <Fields
          items={[
            ['Type', humanise(product.productType)],
            ['Category', product.category?.name ?? null],
            ['Unit', product.unitOfMeasure?.name ?? null],
            ['Tracked by', trackingOf(product)],
            [
              'Allocation',
              product.allocationPolicy === 'FEFO' ? 'First to expire, first out' : 'Chosen by hand',
            ],
            ['Barcode', product.barcode],
          ]}
        />
        <Fields
          items={[
            ['Cost price', formatQuantity(product.costPrice)],
            ['Default price', formatQuantity(product.defaultPrice)],
            ['Minimum stock', product.minStockLevel === null ? null : qty(product.minStockLevel)],
            ['Maximum stock', product.maxStockLevel === null ? null : qty(product.maxStockLevel)],
            ['Reorder quantity', product.reorderQuantity === null ? null : qty(product.reorderQuantity)],
            ['Shelf life', product.shelfLifeDays === null ? null : `${product.shelfLifeDays} days`],
          ]}
        />
      </div>
      <h2>Suppliers</h2>
      <DataTable
        caption="Suppliers"
        captionHidden
        columns={supplierColumns}
        rows={product.suppliers}
        rowKey={(link) => link.supplierId}
        busy={false}
        error={null}
        empty="No supplier linked."
        bareWhenEmpty
      />
    </section>
  );
}
