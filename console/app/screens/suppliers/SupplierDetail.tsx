import { Link, useParams } from 'wouter';
import { ok, type Schemas } from '../../../client/index.js';
import { useCan } from '../../session/session.js';
import { ActionBar, type DocumentAction } from '../../ui/actions.js';
import { Fields, useDetail } from '../../ui/detail.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatMoney, formatQuantity } from '../../ui/format.js';
import { DataTable, useListQuery, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { PURCHASE_ORDER_COLUMNS } from '../purchase-orders/PurchaseOrderList.js';
import { PURCHASE_ORDERS, SUPPLIERS } from '../purchase-orders/queries.js';

type Supplier = Schemas['SupplierDetail'];
type Location = Supplier['locations'][number];
type Price = Supplier['priceList'][number];
type Activity = 'ACTIVE' | 'INACTIVE';

const path = (id: string) => ({ params: { path: { id } } });

/** Deactivating is the API's PUT isActive: false (design section 5), sent with the ETag shown. */
const actionsFor = (id: string): readonly DocumentAction<Activity>[] => [
  {
    label: 'Reactivate',
    operation: 'PUT /suppliers/{id}',
    allowedIn: ['INACTIVE'],
    run: (api, _values, headers) =>
      ok(api.PUT('/suppliers/{id}', { ...path(id), headers, body: { isActive: true } })),
  },
  {
    label: 'Deactivate',
    operation: 'PUT /suppliers/{id}',
    allowedIn: ['ACTIVE'],
    destructive: true,
    run: (api, _values, headers) =>
      ok(api.PUT('/suppliers/{id}', { ...path(id), headers, body: { isActive: false } })),
  },
];

export function SupplierDetail() {
  const { id } = useParams<{ id: string }>();
  const can = useCan();
  const detail = useDetail([...SUPPLIERS, id], (api) => api.GET('/suppliers/{id}', path(id)));
  const orders = useListQuery([...PURCHASE_ORDERS, 'of-supplier', id], (api) =>
    ok(api.GET('/purchase-orders', { params: { query: { supplierId: id, pageSize: 10 } } })),
  );

  if (detail.isPending) return <p aria-busy="true">Loading the supplier…</p>;
  if (detail.isError) {
    return (
      <section>
        <h1>Supplier</h1>
        <ErrorMessage error={detail.error} />
        <Link href="/suppliers">All suppliers</Link>
      </section>
    );
  }
  const { data: supplier, etag } = detail.data;
  const locationColumns: readonly Column<Location>[] = [
    { header: 'Location', cell: (row) => row.name },
    { header: 'Type', cell: (row) => row.type.toLowerCase(), secondary: true },
    {
      header: 'Address',
      cell: (row) => [row.address, row.city, row.postcode, row.country].filter(Boolean).join(', ') || '—',
    },
    { header: 'Contact', cell: (row) => row.contactName ?? row.contactEmail ?? '—', secondary: true },
  ];
  const priceColumns: readonly Column<Price>[] = [
    {
      header: 'Product',
      cell: (row) => (
        <Link href={`/products/${row.productId}`}>{row.productName ?? row.sku ?? row.productId}</Link>
      ),
    },
    { header: 'Their SKU', cell: (row) => row.supplierSku ?? '—', secondary: true },
    { header: 'Price', cell: (row) => formatMoney(row.supplierPrice, supplier.currency), numeric: true },
    {
      header: 'Lead time',
      cell: (row) => (row.leadTimeDays === null ? '—' : `${row.leadTimeDays} days`),
      secondary: true,
    },
    {
      header: 'Minimum',
      cell: (row) => (row.minOrderQty === null ? '—' : formatQuantity(row.minOrderQty)),
      numeric: true,
      secondary: true,
    },
  ];

  return (
    <section aria-busy={detail.isFetching}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/suppliers">Suppliers</Link>
      </nav>
      <header className="screen-header">
        <h1>
          {supplier.name} <StatusBadge status={supplier.isActive ? 'ACTIVE' : 'INACTIVE'} />
        </h1>
        <p className="lead">
          {supplier.code} · buys in {supplier.currency}
        </p>
        {can('PUT /suppliers/{id}') && (
          <Link href={`/suppliers/${supplier.id}/edit`} role="button" className="secondary">
            Edit
          </Link>
        )}
        {supplier.isActive && can('POST /purchase-orders') && (
          <Link href={`/purchase-orders/new?supplierId=${supplier.id}`} role="button">
            New purchase order
          </Link>
        )}
      </header>
      <ActionBar
        status={supplier.isActive ? 'ACTIVE' : 'INACTIVE'}
        actions={actionsFor(supplier.id)}
        etag={etag}
        invalidates={[SUPPLIERS]}
      />
      <div className="grid-2">
        <Fields
          items={[
            ['Email', supplier.email || null],
            ['Phone', supplier.phone],
            ['Address', [supplier.address, supplier.postcode].filter(Boolean).join(', ') || null],
            ['Tax number', supplier.taxNumber],
          ]}
        />
        <Fields
          items={[
            ['Sales contact', supplier.salesContactName],
            ['Contact email', supplier.salesContactEmail || null],
            ['Contact phone', supplier.salesContactPhone],
            ['Notes', supplier.notes],
          ]}
        />
      </div>
      <h2>Recent purchase orders</h2>
      <DataTable
        caption="Recent purchase orders"
        captionHidden
        columns={PURCHASE_ORDER_COLUMNS.filter((column) => column.header !== 'Supplier')}
        rows={orders.data?.data}
        rowKey={(row) => row.id}
        busy={orders.isFetching}
        error={orders.error}
        empty="No purchase orders from this supplier yet."
        bareWhenEmpty
      />
      {orders.data && (orders.data.pagination?.total ?? 0) > orders.data.data.length && (
        <Link href={`/purchase-orders?supplierId=${supplier.id}`}>
          All {orders.data.pagination?.total ?? 0} purchase orders
        </Link>
      )}
      <h2>Price list</h2>
      <DataTable
        caption={`Price list${supplier.priceListTruncated ? ` (first ${supplier.priceList.length} of ${supplier.priceListTotal})` : ''}`}
        captionHidden
        columns={priceColumns}
        rows={supplier.priceList}
        rowKey={(row) => row.productId}
        busy={false}
        error={null}
        empty="No supplier prices."
        bareWhenEmpty
      />
      <h2>Locations</h2>
      <DataTable
        caption="Locations"
        captionHidden
        columns={locationColumns}
        rows={supplier.locations}
        rowKey={(row) => row.id}
        busy={false}
        error={null}
        empty="No locations."
        bareWhenEmpty
      />
    </section>
  );
}
