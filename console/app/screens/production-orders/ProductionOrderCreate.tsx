/**
 * Planning a production order: the product to make (only products with a bill of materials are offered,
 * and the recipe is shown with what the quantity needs), how many, the warehouse the components are taken
 * from and the output goes to, and optionally when and how urgent. Created PLANNED.
 */
import '../../ui/line-editor.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import {
  MAX_PRIORITY,
  MAX_PRODUCTION_QUANTITY,
  plannedInput,
} from '../../../../domain/production-orders/production-order.js';
import { ok, type Schemas } from '../../../client/index.js';
import { useApi } from '../../session/session.js';
import { useAction } from '../../ui/actions.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatQuantity } from '../../ui/format.js';
import { DataTable, type Column } from '../../ui/list.js';
import { useWarehouses, WarehouseSelect } from '../products/pickers.js';
import { PRODUCTION_ORDERS } from './ProductionOrderList.js';

type Product = Schemas['Product'];
type RecipeLine = Schemas['ProductBom']['lines'][number];

/** Products with a bill of materials among the API's matches for the search (one request per search). */
function BomProductPicker({
  value,
  onChange,
}: {
  value: Product | null;
  onChange: (p: Product | null) => void;
}) {
  const id = useId();
  const api = useApi();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const matches = useQuery({
    queryKey: ['products', 'bom-picker', search],
    queryFn: () =>
      ok(api.GET('/products', { params: { query: { search: search || undefined, pageSize: 100 } } })),
    staleTime: 30_000,
  });
  const rows = (matches.data?.data ?? []).filter((row) => row.isBomProduct);
  const options = value && !rows.some((row) => row.id === value.id) ? [value, ...rows] : rows;
  return (
    <div className="product-picker">
      <label htmlFor={`${id}-search`}>
        Find the product to make
        <input
          id={`${id}-search`}
          type="search"
          placeholder="Name, SKU or barcode"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              setSearch(text.trim());
            }
          }}
          onBlur={() => setSearch(text.trim())}
        />
      </label>
      <label htmlFor={`${id}-product`}>
        Product to make
        <select
          id={`${id}-product`}
          required
          aria-busy={matches.isFetching}
          aria-describedby={`${id}-hint`}
          value={value?.id ?? ''}
          onChange={(event) => onChange(options.find((row) => row.id === event.target.value) ?? null)}
        >
          <option value="">
            {matches.isFetching
              ? 'Searching…'
              : options.length === 0
                ? 'No product with a bill of materials matches'
                : 'Choose a product'}
          </option>
          {options.map((row) => (
            <option key={row.id} value={row.id}>
              {row.sku} · {row.name}
            </option>
          ))}
        </select>
        <small id={`${id}-hint`}>Only products with a bill of materials can be made.</small>
      </label>
    </div>
  );
}

/** The product's recipe, each component with what `quantity` units need (wastage included). */
function Recipe({ productId, quantity }: { productId: string; quantity: number }) {
  const api = useApi();
  const bom = useQuery({
    queryKey: ['products', productId, 'bom'],
    queryFn: () => ok(api.GET('/products/{id}/bom', { params: { path: { id: productId } } })),
  });
  const columns: readonly Column<RecipeLine>[] = [
    {
      header: 'Component',
      cell: (line) =>
        line.componentProduct ? `${line.componentProduct.sku} · ${line.componentProduct.name}` : '—',
    },
    { header: 'Per unit', cell: (line) => formatQuantity(line.quantity), numeric: true },
    {
      header: 'Wastage',
      cell: (line) => (line.wastagePercent ? `${formatQuantity(line.wastagePercent)} %` : '—'),
      numeric: true,
      secondary: true,
    },
    {
      header: 'Needed',
      // A phantom is made of its own recipe: the order lists its components instead.
      cell: (line) =>
        line.isPhantom
          ? 'its own components'
          : quantity > 0
            ? formatQuantity(
                plannedInput(quantity, {
                  quantityPerUnit: line.quantity,
                  wastagePercent: line.wastagePercent,
                }),
              )
            : '—',
      numeric: true,
    },
  ];
  return (
    <DataTable
      caption="Bill of materials"
      columns={columns}
      rows={bom.data?.lines}
      rowKey={(line) => `${line.sortOrder}-${line.componentProduct?.id ?? ''}`}
      busy={bom.isFetching}
      error={bom.error}
      empty="This product has no bill of materials."
    />
  );
}

export function ProductionOrderCreate() {
  const id = useId();
  const [, navigate] = useLocation();
  const [product, setProduct] = useState<Product | null>(null);
  const [quantity, setQuantity] = useState('');
  const [warehouseId, setWarehouseId] = useState('');
  const [plannedStart, setPlannedStart] = useState('');
  const [priority, setPriority] = useState('');
  const warehouses = useWarehouses();
  // One warehouse: nothing to choose.
  const only = warehouses.data?.data.length === 1 ? warehouses.data.data[0] : undefined;
  useEffect(() => {
    if (only && !warehouseId) setWarehouseId(only.id);
  }, [only, warehouseId]);

  const create = useAction({
    run: (client, _input: null, headers) =>
      ok(
        client.POST('/production-orders', {
          headers,
          body: {
            productId: product?.id ?? '',
            quantity: Number(quantity),
            warehouseId,
            plannedStartDate: plannedStart ? new Date(`${plannedStart}T00:00`).toISOString() : null,
            priority: priority.trim() ? Number(priority) : null,
          },
        }),
      ),
    invalidates: [PRODUCTION_ORDERS],
    onDone: (order) => navigate(`/production-orders/${order.id}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(null);
  };

  return (
    <section>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/production-orders">Production orders</Link>
      </nav>
      <header className="screen-header">
        <h1>New production order</h1>
      </header>
      <form onSubmit={submit}>
        <BomProductPicker value={product} onChange={setProduct} />
        <div className="grid-2">
          <label htmlFor={`${id}-quantity`}>
            Quantity to make
            <input
              id={`${id}-quantity`}
              type="number"
              inputMode="decimal"
              min="0"
              max={MAX_PRODUCTION_QUANTITY}
              step="any"
              required
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
            />
          </label>
          <WarehouseSelect
            label="Warehouse"
            required
            value={warehouseId}
            onChange={setWarehouseId}
            hint="Components are taken from it and the output goes into it."
          />
          <label htmlFor={`${id}-start`}>
            Planned start (optional)
            <input
              id={`${id}-start`}
              type="date"
              value={plannedStart}
              aria-describedby={`${id}-start-hint`}
              onChange={(event) => setPlannedStart(event.target.value)}
            />
            <small id={`${id}-start-hint`}>Left empty: today.</small>
          </label>
          <label htmlFor={`${id}-priority`}>
            Priority (optional)
            <input
              id={`${id}-priority`}
              type="number"
              inputMode="numeric"
              min="0"
              max={MAX_PRIORITY}
              step="1"
              value={priority}
              aria-describedby={`${id}-priority-hint`}
              onChange={(event) => setPriority(event.target.value)}
            />
            <small id={`${id}-priority-hint`}>0 to {MAX_PRIORITY}, for your own ranking.</small>
          </label>
        </div>
        {product && <Recipe productId={product.id} quantity={Number(quantity) || 0} />}
        {create.isError && <ErrorMessage error={create.error} title="The production order was refused" />}
        <div className="actions">
          <button type="submit" aria-busy={create.isPending} disabled={create.isPending}>
            Plan production order
          </button>
          <Link href="/production-orders">Back to production orders</Link>
        </div>
      </form>
    </section>
  );
}
